"""The words of declarer problems and puzzles, in one place, as gettext
messages (``bridgekit.i18n``: marked with ``N_`` here, translated by ``_``
where they are shown; the French is in ``bridgekit/locale/fr``)."""

from __future__ import annotations

from ..i18n import N_, _

MESSAGES: dict[str, str] = {
    'head': N_("Problem {n} · level {level} · {title}"),
    'contract': N_("{contract} by {declarer} · you need {target} tricks · lead {lead}"),
    'auction': N_("Auction: "),
    'pass': N_("pass"),
    'they_pass': N_(" ({seat} first; the defenders pass)"),
    'dummy': N_("dummy"),
    'you': N_("you"),
    'tricks': N_("Tricks: you {won}, defence {lost} (you need {target})."),
    'last': N_("Trick {n} won by {seat}: {cards}."),
    'to_play': N_("{seat} to play"),
    'prompt': N_("{who} (a card, ? hint, q quit): "),
    'hint': N_("Theme: {themes}. Count your tricks and ask what could go wrong."),
    'illegal': N_("{card} cannot be played now."),
    'unreadable': N_("'{text}' is not a card: type one like D2, ♦2 or 10S."),
    'made': N_("Contract made: {won} tricks."),
    'down': N_("Down {n}: the defence has {lost} tricks."),
    'redealt': N_("Your card at trick {trick} ({card}) let this layout beat the contract; {safe} would have made on every layout. The full deal:"),
    'guessed': N_("Your card at trick {trick} ({card}) made on every layout, one at a time, but left no line that "
                  "makes on all of them: a guess came later, and the cards lay against you. {better} would have kept "
                  "a sure line. The full deal:"),
    'deal': N_("The full deal:"),
    'line_head': N_("The winning line on this deal:"),
    'line_trick': N_("{n:>2}. {cards}"),
    'rating': N_("Your rating: {old} -> {new}."),
    'more': N_("-- more (Enter) --"),
    'none': N_("No problem found."),
    'skipped': N_("skipped {what}"),
    'why_key': N_("{card}: the card that makes on every layout still possible."),
    'why_alt': N_("{alt} instead loses when {layout} ({total} tricks)."),
    'why_count': N_("Count: the cards seen so far leave {n} layouts, and this is right on all of them."),
    'theme_finesse': N_("A finesse: the lower card, while a defender's card between yours is still out."),
    'theme_duck': N_("A duck: you could win this trick and let it go, to keep control or an entry."),
    'theme_ruff': N_("A ruff: a trump on another suit."),
    'theme_unblock': N_("An unblock: a high card thrown under partner's so the suit runs."),
    'theme_throw-in': N_("A throw-in (elimination): the defender who wins must give you a trick."),
    'theme_squeeze': N_("A squeeze: a defender has to discard and something gives."),
    'theme_give-up': N_("Give up the trick you must lose while you still control the other suits."),
    'theme_entry': N_("An entry: win in the hand you need to lead from next."),
    'theme_safety': N_("A safety play: it gives up a trick on some layouts to make on all of them."),
    'theme_trumps': N_("Trumps now: draw them before the defenders can ruff your winners."),
    'theme_discard': N_("A discard: throw a loser on a winner while you can."),
    'theme_switch': N_("The right suit at the right moment."),
    'theme_lead-card': N_("The right card of the suit."),
    'theme_cover': N_("Cover an honour with an honour: a lower card of your side may become a winner."),
    'theme_win': N_("Win now: letting this trick go gives the defence the time it needs."),
    'theme_hold-up': N_("A hold-up: let them win this trick to cut their communications."),
    'theme_second-hand-low': N_("Second hand low: keep the high card to capture an honour later."),
    'theme_overtake': N_("Overtake: win in the other hand, the one you need to lead from next."),
    'theme_drop': N_("No finesse: play the top card and let the missing honour fall."),
    'theme_keep': N_("Play a card you do not need and keep the one that will count later."),
    'theme_establish': N_("Set up the suit: give up or ruff the tricks it takes to make its last cards good."),
    'theme_loser-on-loser': N_("A loser on a loser: discard instead of ruffing."),
    'pz_c_contract': N_("{contract} by {declarer}"),
    'pz_c_won': N_("Won: N/S {ns}, E/W {ew}"),
    'pz_c_trick': N_("Trick {n}:"),
    'pz_c_lead': N_("{seat} to lead"),
    'pz_level': N_("level {level}"),
    'pz_theme': N_("Theme: {theme}."),
    'pz_after': N_("After {card}:"),
    'pz_after_best': N_("After {card} (best):"),
    'pz_hint_ruff': N_("You cannot follow: is this the moment to ruff, and with which trump?"),
    'pz_hint_discard': N_("You cannot follow: which suit can you spare? Keep what guards a winner."),
    'pz_hint_trumps': N_("Count the trumps still out: is it time to draw them?"),
    'pz_hint_switch': N_("Which suit should be played now? Not necessarily the one you think of first."),
    'pz_hint_lead-card': N_("The suit is right; which card of it?"),
    'pz_hint_win': N_("Can you afford to let this trick go? Win it if you can."),
    'pz_hint_duck': N_("Must you win this trick now? Letting it go may keep control or an entry."),
    'pz_hint_unblock': N_("Think of the next tricks in this suit: will a high card be in the way?"),
    'pz_hint_high': N_("Who plays after you, and what can they beat?"),
    'pz_hint_finesse': N_("Where are the missing honours? A lower card may win the trick all the same."),
    'pz_hint_keep-entry': N_("Keep the entry: which hand must win the later tricks in this suit?"),
    'holds': N_("{seat} holds {cards}"),
    'and': N_(" and "),
    'nothing': N_("nothing"),
}

THEME_NAMES: dict[str, str] = {
    'finesse': N_("finesse"),
    'duck': N_("duck"),
    'ruff': N_("ruff in dummy"),
    'unblock': N_("unblock"),
    'throw-in': N_("throw-in"),
    'elimination': N_("elimination"),
    'squeeze': N_("squeeze"),
    'entry': N_("entries"),
    'safety': N_("safety play"),
    'count': N_("count"),
    'hold-up': N_("hold-up"),
    'trumps': N_("trump control"),
    'avoidance': N_("keep the danger hand off lead"),
    'loser-on-loser': N_("loser on loser"),
    'tricks': N_("count the tricks"),
    'cash': N_("cash winners first"),
    'trump-promotion': N_("trump promotion"),
    'defence': N_("defence"),
    'discard': N_("the right discard"),
    'switch': N_("the right suit"),
    'lead-card': N_("the right card of the suit"),
    'win': N_("win the trick"),
    'keep-entry': N_("keep the entry"),
    'follow': N_("follow suit"),
    'high': N_("play high"),
    'lead': N_("the lead"),
    'cover': N_("cover an honour"),
    'drop': N_("play for the drop"),
    'establish': N_("set up a suit"),
    'keep': N_("the card to keep"),
    'second-hand-low': N_("second hand low"),
    'overtake': N_("overtaking"),
}


def msg(key: str, lang: str, /, **values: object) -> str:
    """The message ``key`` in ``lang``, its fields filled from ``values``."""
    return _(lang, MESSAGES[key], **values)


def theme_name(theme: str, lang: str) -> str:
    """A theme's name in ``lang`` (the key itself when it has none)."""
    return _(lang, THEME_NAMES[theme]) if theme in THEME_NAMES else theme
