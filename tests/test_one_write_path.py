"""One write path: no module but bridgekit/safeio.py opens a file for writing,
makes a temporary file or renames one over another (issue 10 point 1).  A new
command that writes files uses ``bridgekit.safeio.Output``."""

from __future__ import annotations

import ast

from conftest import ROOT

PACKAGE = ROOT / "bridgekit"
#: (module, call) allowed elsewhere, with the reason
ALLOWED = {
    ("bridgekit/tutor/progress.py", "os.replace"),  # moves a damaged progress file aside (kept, not written)
    ("bridgekit/tutor/progress.py", "os.link"),     # the same, never over an earlier damaged copy
    # the user's fingerprint secret: a new file made exclusively (O_EXCL, mode 0600), never a replacement
    ("bridgekit/analysis/ddcache.py", "os.open(os.O_WRONLY | os.O_CREAT | os.O_EXCL)"),
    ("bridgekit/analysis/ddcache.py", "os.fdopen"),
}
RENAMES = {"os.replace", "os.rename", "os.fdopen", "os.link", "shutil.move", "shutil.copy", "shutil.copyfile",
           "shutil.copy2", "tempfile.mkstemp", "tempfile.NamedTemporaryFile"}


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_name(node.value)}.{node.attr}"
    return "?"


def _writes(call: ast.Call) -> str | None:
    """The name of a call that writes a file, else None."""
    name = _name(call.func)
    if name in RENAMES:
        return name
    if name.endswith((".write_text", ".write_bytes")):
        return name
    if name == "open" or name.endswith(".open") and name != "os.open":
        at = 1 if name == "open" else 0  # open(path, mode), Path(path).open(mode)
        mode = call.args[at] if len(call.args) > at else next((k.value for k in call.keywords if k.arg == "mode"),
                                                              None)
        if isinstance(mode, ast.Constant) and isinstance(mode.value, str) and set(mode.value) & set("wax+"):
            return f"{name}(mode={mode.value!r})"
        if mode is not None and not isinstance(mode, ast.Constant):
            return f"{name}(mode=?)"
    if name == "os.open":
        flags = ast.unparse(call.args[1]) if len(call.args) > 1 else ""
        if any(f in flags for f in ("O_CREAT", "O_TRUNC", "O_APPEND")):
            return f"os.open({flags})"
    return None


def test_only_safeio_writes_files() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel == "bridgekit/safeio.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                what = _writes(node)
                if what is not None and (rel, what) not in ALLOWED:
                    found.append(f"{rel}:{node.lineno}: {what}")
    assert found == [], "write through bridgekit.safeio.Output instead:\n" + "\n".join(found)


def test_the_scan_sees_a_write() -> None:
    """The checker itself: each way of writing a file is caught."""
    for code in ('open(p, "w")', "open(p, mode='a')", 'Path(p).open("wb")', "os.replace(a, b)",
                 "p.write_text('x')", "tempfile.mkstemp()", "os.open(p, os.O_WRONLY | os.O_CREAT)"):
        call = ast.parse(code).body[0].value  # type: ignore[attr-defined]
        assert _writes(call) is not None, code
    for code in ('open(p, "rb")', "open(p)", "os.open(os.devnull, os.O_WRONLY)", "json.dumps(x)"):
        call = ast.parse(code).body[0].value  # type: ignore[attr-defined]
        assert _writes(call) is None, code
