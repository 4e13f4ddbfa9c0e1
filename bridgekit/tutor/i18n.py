"""The tutor's words in its two languages, English (``en``) and French (``fr``).

Messages are gettext messages (``bridgekit.i18n``: ``_``, ``_n``, ``N_``,
the French in ``bridgekit/locale/fr``); names of seats, sides, strains and
vulnerability are rendered from the values here, and what a French learner
types is read by ``bridgekit.notation``'s parsers.  Nothing here rewrites
English text into French.
"""

from __future__ import annotations

from ..i18n import LANGS, N_, _, default_lang
from ..notation import seat_name, side_text, vul_name
from ..seats import Side

__all__ = ["LANGS", "default_lang", "seat_name", "side_name", "vul_name", "kind_name", "TOPIC_NAMES"]

def side_name(side: Side, lang: str) -> str:
    return side_text(side, lang)


#: What a drill exercise practises: a topic, a profile, a sub-topic.
TOPIC_NAMES = [N_("scoring"), N_("auction"), N_("tricks"), N_("imps"), N_("rubber"), N_("part score"),
               N_("game"), N_("overtricks"), N_("slam"), N_("doubled made"), N_("redoubled made"),
               N_("undertricks"), N_("doubled undertricks"), N_("honours"), N_("doubles and redoubles"),
               N_("sufficient bids"), N_("the lowest bid"), N_("trumps"), N_("no trump"), N_("band edges"),
               N_("comparing tables"), N_("who wins"), N_("games"), N_("table"), N_("seats"), N_("dealing"),
               N_("board dealer"), N_("board vulnerability"), N_("record"), N_("contract made"),
               N_("contract down"), N_("doubled")]


def topic_name(word: str, lang: str) -> str:
    return _(lang, word)


def kind_name(kind: str, lang: str) -> str:
    """What an exercise practises (``scoring (contract): slam``), in ``lang``;
    ``kind`` is a key made of topic words (``topic (profile): sub``)."""
    head, _sep, sub = kind.partition(": ")
    topic, _sep2, rules = head.partition(" (")
    text = topic_name(topic, lang) + (f" ({rules}" if rules else "")
    if not sub:
        return text
    return _(lang, "{topic}: {sub}", topic=text, sub=topic_name(sub, lang))
