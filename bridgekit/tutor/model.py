"""The lesson model: lessons are data (TOML files in ``lessons/``), made of steps.

A lesson file looks like this (see ``lessons/*.toml`` for real ones)::

    title = "The play"
    summary = "Opening lead, dummy, following suit, who wins a trick."

    [[steps]]
    kind = "example"               # text, example or quiz
    title = "A ruff wins the trick"
    source = "Laws of Auction Bridge (1920), section 09"  # where the rule comes from
    text = '''...the rule, in bridgekit's words...'''
    trump = "S"                    # the position (see Position below)
    leader = "W"
    play = "HA S3 HK H2"

    [[steps.compute]]              # what bridgekit computes live
    what = "trick"
    expect = { winner = "N" }      # the figure the document states (checked)

Quiz steps add ``question``, ``answer`` (checked against the computed value
named by ``expect_key``), ``answer_type``, ``accept`` (extra spellings) and
``hints`` (a targeted hint per typical wrong answer, plus ``hint`` for others).

Malformed lesson data raises ``LessonError`` (a ``BridgekitError``) naming the
lesson file and the step.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import BridgekitError
from ..notation import Message

STEP_KINDS = ("text", "example", "quiz")
#: The languages a lesson may be written in; English is the step itself, the
#: others are ``[steps.LANG]`` tables beside it (one place for the computations).
LANGS = ("en", "fr")
ANSWER_TYPES = ("seat", "side", "number", "yesno", "contract", "call", "card", "strain", "vul", "text")

#: Position fields a step (or one of its computations) may carry.
POSITION_FIELDS = (
    "rules", "deal", "dealer", "vul", "board", "auction", "play", "leader", "trump",
    "contract", "declarer", "tricks", "call", "card", "seat", "diff", "file", "results",
    "scores", "strain",
)


class LessonError(BridgekitError):
    """A lesson file is malformed or names an unknown lesson."""


@dataclass(frozen=True)
class Compute:
    """One live computation of a step: ``what`` to compute, position overrides,
    and the figures the rule documents state (``expect``)."""

    what: str
    id: str
    expect: dict[str, Any]
    position: dict[str, Any]
    needs_dds: bool = False
    note: str = ""


@dataclass(frozen=True)
class Hint:
    """Feedback for one typical wrong answer."""

    answer: str
    text: str


@dataclass(frozen=True)
class Step:
    """One screen of a lesson."""

    index: int                 # 1-based
    kind: str
    title: str
    text: str
    source: str
    position: dict[str, Any]
    computes: tuple[Compute, ...] = ()
    question: str = ""
    answer: str = ""
    answer_type: str = "text"
    expect_key: str = ""
    accept: tuple[str, ...] = ()
    hints: tuple[Hint, ...] = ()
    hint: str = ""
    explain: str = ""
    show: tuple[str, ...] = ()  # diagrams to draw: "deal", "auction", "play"
    tr: dict[str, dict[str, Any]] = field(default_factory=dict)  # lang -> the step's texts in it

    def position_for(self, compute: Compute) -> dict[str, Any]:
        """The step's position with the computation's overrides applied."""
        merged = dict(self.position)
        merged.update(compute.position)
        return merged


@dataclass(frozen=True)
class Lesson:
    """A lesson: its number and slug come from the file name ``NN-slug.toml``."""

    number: int
    slug: str
    title: str
    summary: str
    sources: str
    steps: tuple[Step, ...]
    path: str = ""
    lang: str = "en"
    tr: dict[str, dict[str, Any]] = field(default_factory=dict)  # lang -> title, summary
    drill: str = ""   # the drill that practises the lesson: 'lesson drill' arguments ("scoring --rules auction-1920")

    @property
    def name(self) -> str:
        return f"{self.number:02d}-{self.slug}"

    def in_lang(self, lang: str) -> "Lesson":
        """The lesson with its texts in ``lang``: the steps' positions and
        computations are the same objects (written once, in the English
        step), only the words change.  English when ``lang`` is missing."""
        if lang == self.lang or lang not in self.tr:
            return self
        steps = []
        for step in self.steps:
            t = step.tr.get(lang, {})
            notes = t.get("notes", {})
            computes = tuple(replace(c, note=notes[c.id]) if c.id in notes else c for c in step.computes)
            hints = tuple(Hint(str(h["answer"]), str(h["text"])) for h in t["hints"]) if "hints" in t else step.hints
            steps.append(replace(
                step, title=t.get("title", step.title), text=str(t.get("text", step.text)).strip(),
                question=str(t.get("question", step.question)).strip(), hint=str(t.get("hint", step.hint)).strip(),
                explain=str(t.get("explain", step.explain)).strip(), hints=hints, computes=computes,
                accept=tuple(str(a) for a in t.get("accept", step.accept))))
        head = self.tr[lang]
        return replace(self, title=str(head.get("title", self.title)),
                       summary=str(head.get("summary", self.summary)).strip(), steps=tuple(steps), lang=lang)


def _req(data: dict[str, Any], key: str, where: str, kind: type = str) -> Any:
    value = data.get(key)
    if value is None:
        raise LessonError(Message("{where}: missing '{key}'", where=where, key=key))
    if not isinstance(value, kind):
        raise LessonError(Message("{where}: '{key}' must be a {kind}", where=where, key=key, kind=kind.__name__))
    return value


def _position(data: dict[str, Any]) -> dict[str, Any]:
    return {k: data[k] for k in POSITION_FIELDS if k in data}


_STEP_KEYS = set(POSITION_FIELDS) | {
    "kind", "title", "text", "source", "compute", "question", "answer", "answer_type", "expect_key",
    "accept", "hints", "hint", "explain", "show", *LANGS[1:]}
#: What a step's translation table (``[steps.fr]``) may hold: its words only.
_TR_KEYS = {"title", "text", "question", "accept", "hints", "hint", "explain", "notes"}
_COMPUTE_KEYS = set(POSITION_FIELDS) | {"what", "id", "expect", "needs_dds", "note"}


def _known_keys(table: dict[str, Any], allowed: set[str], where: str) -> None:
    """Raise LessonError naming every key of ``table`` not in ``allowed``
    (a misspelt key would otherwise be silently ignored)."""
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise LessonError(Message('{where}: unknown key(s) {keys}', where=where, keys=', '.join(unknown)))


def parse_lesson(data: dict[str, Any], number: int, slug: str, path: str = "") -> Lesson:
    """Build a Lesson from parsed TOML; raises LessonError naming lesson and step."""
    name = f"lesson {number:02d}-{slug}"
    title = _req(data, "title", name)
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise LessonError(Message('{name}: no [[steps]]', name=name))
    steps = []
    for i, raw in enumerate(raw_steps, start=1):
        where = f"{name}, step {i}"
        if not isinstance(raw, dict):
            raise LessonError(Message('{where}: a step must be a table', where=where))
        _known_keys(raw, _STEP_KEYS, where)
        kind = _req(raw, "kind", where)
        if kind not in STEP_KINDS:
            raise LessonError(Message('{where}: kind must be one of {kinds}, not {kind!r}',
                                      where=where, kinds=', '.join(STEP_KINDS), kind=kind))
        computes = []
        for j, rc in enumerate(raw.get("compute", []), start=1):
            cwhere = f"{where}, compute {j}"
            if not isinstance(rc, dict):
                raise LessonError(Message('{cwhere}: must be a table', cwhere=cwhere))
            _known_keys(rc, _COMPUTE_KEYS, cwhere)
            what = _req(rc, "what", cwhere)
            expect = rc.get("expect", {})
            if not isinstance(expect, dict) or not expect:
                raise LessonError(Message("{cwhere}: 'expect' must state at least one figure", cwhere=cwhere))
            computes.append(Compute(what=what, id=str(rc.get("id", what)), expect=dict(expect),
                                    position=_position(rc), needs_dds=bool(rc.get("needs_dds", False)),
                                    note=str(rc.get("note", ""))))
        ids = [c.id for c in computes]
        if len(set(ids)) != len(ids):
            raise LessonError(Message("{where}: two computations share an id; give them distinct 'id's", where=where))
        hints = []
        for h in raw.get("hints", []):
            if not isinstance(h, dict) or "answer" not in h or "text" not in h:
                raise LessonError(Message("{where}: each hint needs 'answer' and 'text'", where=where))
            hints.append(Hint(str(h["answer"]), str(h["text"])))
        answer_type = str(raw.get("answer_type", "text"))
        if answer_type not in ANSWER_TYPES:
            raise LessonError(Message('{where}: answer_type must be one of {types}',
                                      where=where, types=', '.join(ANSWER_TYPES)))
        tr = {}
        for lang in LANGS[1:]:
            if lang in raw:
                table = raw[lang]
                if not isinstance(table, dict):
                    raise LessonError(Message('{where}: [{lang}] must be a table', where=where, lang=lang))
                _known_keys(table, _TR_KEYS, f"{where} [{lang}]")
                for h in table.get("hints", []):
                    if not isinstance(h, dict) or "answer" not in h or "text" not in h:
                        raise LessonError(Message("{where} [{lang}]: each hint needs 'answer' and 'text'",
                                                  where=where, lang=lang))
                tr[lang] = dict(table)
        step = Step(
            index=i, kind=kind, title=str(raw.get("title", "")), text=str(raw.get("text", "")).strip(),
            source=str(raw.get("source", "")), position=_position(raw), computes=tuple(computes),
            question=str(raw.get("question", "")).strip(), answer=str(raw.get("answer", "")),
            answer_type=answer_type, expect_key=str(raw.get("expect_key", "")),
            accept=tuple(str(a) for a in raw.get("accept", [])), hints=tuple(hints),
            hint=str(raw.get("hint", "")).strip(), explain=str(raw.get("explain", "")).strip(),
            show=tuple(raw.get("show", ())), tr=tr,
        )
        if kind == "quiz":
            for key in ("question", "answer", "expect_key"):
                if not getattr(step, key):
                    raise LessonError(Message("{where}: a quiz needs '{key}'", where=where, key=key))
            if not computes:
                raise LessonError(Message('{where}: a quiz needs a [[steps.compute]] to check its answer',
                                          where=where))
        if kind == "example" and not computes:
            raise LessonError(Message('{where}: an example needs a [[steps.compute]]', where=where))
        if not step.text and kind != "quiz":
            raise LessonError(Message("{where}: missing 'text'", where=where))
        steps.append(step)
    head_tr = {lang: dict(data[lang]) for lang in LANGS[1:] if isinstance(data.get(lang), dict)}
    return Lesson(number=number, slug=slug, title=title, summary=str(data.get("summary", "")).strip(),
                  sources=str(data.get("sources", "")), steps=tuple(steps), path=path, tr=head_tr,
                  drill=str(data.get("drill", "")))
