"""The words of declarer problems and puzzles, English and French, in one place.

Kept apart from the runner so that a catalogue (gettext) can take them over
as they are: each message is a key with a format string per language.
"""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "head": {"en": "Problem {n} · level {level} · {title}",
             "fr": "Problème {n} · niveau {level} · {title}"},
    "contract": {"en": "{contract} by {declarer} · you need {target} tricks · lead {lead}",
                 "fr": "{contract} joué par {declarer} · il vous faut {target} levées · entame {lead}"},
    "auction": {"en": "Auction: ", "fr": "Enchères : "},
    "pass": {"en": "pass", "fr": "passe"},
    "they_pass": {"en": " ({seat} first; the defenders pass)", "fr": " ({seat} d'abord ; la défense passe)"},
    "dummy": {"en": "dummy", "fr": "le mort"},
    "you": {"en": "you", "fr": "vous"},
    "tricks": {"en": "Tricks: you {won}, defence {lost} (you need {target}).",
               "fr": "Levées : vous {won}, la défense {lost} (il vous en faut {target})."},
    "last": {"en": "Trick {n} won by {seat}: {cards}.", "fr": "Levée {n} gagnée par {seat} : {cards}."},
    "to_play": {"en": "{seat} to play", "fr": "{seat} joue"},
    "prompt": {"en": "{who} (a card, ? hint, q quit): ", "fr": "{who} (une carte, ? indice, q quitter) : "},
    "hint": {"en": "Theme: {themes}. Count your tricks and ask what could go wrong.",
             "fr": "Thème : {themes}. Comptez vos levées et demandez-vous ce qui pourrait mal tourner."},
    "illegal": {"en": "{card} cannot be played now.", "fr": "{card} ne peut pas être jouée maintenant."},
    "unreadable": {"en": "'{text}' is not a card: type one like D2, ♦2 or 10S.",
                   "fr": "« {text} » n'est pas une carte : tapez par exemple D2, ♦2 ou 10S."},
    "made": {"en": "Contract made: {won} tricks.", "fr": "Contrat réussi : {won} levées."},
    "down": {"en": "Down {n}: the defence has {lost} tricks.",
             "fr": "Chute de {n} : la défense a {lost} levées."},
    "redealt": {"en": "Your card at trick {trick} ({card}) let this layout beat the contract; "
                      "{safe} would have made on every layout. The full deal:",
                "fr": "Votre carte à la levée {trick} ({card}) a permis à cette répartition de faire chuter "
                      "le contrat ; {safe} gagnait sur toutes les répartitions. La donne entière :"},
    "deal": {"en": "The full deal:", "fr": "La donne entière :"},
    "line_head": {"en": "The winning line on this deal:", "fr": "La ligne gagnante sur cette donne :"},
    "line_trick": {"en": "{n:>2}. {cards}", "fr": "{n:>2}. {cards}"},
    "rating": {"en": "Your rating: {old} -> {new}.", "fr": "Votre cote : {old} -> {new}."},
    "more": {"en": "-- more (Enter) --", "fr": "-- suite (Entrée) --"},
    "none": {"en": "No problem found.", "fr": "Aucun problème trouvé."},
    "skipped": {"en": "skipped {what}", "fr": "ignoré : {what}"},
    # what a key card shows (a sentence each, joined)
    "why_key": {"en": "{card}: the card that makes on every layout still possible.",
                "fr": "{card} : la carte qui gagne sur toutes les répartitions encore possibles."},
    "why_alt": {"en": "{alt} instead loses when {layout} ({total} tricks).",
                "fr": "{alt} à la place perd quand {layout} ({total} levées)."},
    "why_count": {"en": "Count: the cards seen so far leave {n} layouts, and this is right on all of them.",
                  "fr": "Compte : les cartes vues ne laissent que {n} répartitions, et c'est juste sur "
                        "toutes."},
    "theme_finesse": {"en": "A finesse: the lower card, while a defender's card between yours is still out.",
                      "fr": "Une impasse : la petite carte, quand une carte adverse entre les vôtres est "
                            "encore dehors."},
    "theme_duck": {"en": "A duck: you could win this trick and let it go, to keep control or an entry.",
                   "fr": "Un coup à blanc : vous pourriez gagner cette levée et la laissez, pour garder le "
                         "contrôle ou une communication."},
    "theme_ruff": {"en": "A ruff: a trump on another suit.", "fr": "Une coupe : un atout sur une autre couleur."},
    "theme_unblock": {"en": "An unblock: a high card thrown under partner's so the suit runs.",
                      "fr": "Un déblocage : une grosse carte sous celle du partenaire pour que la couleur "
                            "s'affranchisse."},
    "theme_throw-in": {"en": "A throw-in (elimination): the defender who wins must give you a trick.",
                       "fr": "Une remise en main (élimination) : le défenseur qui prend doit vous donner une "
                             "levée."},
    "theme_squeeze": {"en": "A squeeze: a defender has to discard and something gives.",
                      "fr": "Un squeeze : un défenseur doit se défausser et lâche quelque chose."},
    "theme_give-up": {"en": "Give up the trick you must lose while you still control the other suits.",
                      "fr": "Cédez la levée qu'il faut perdre tant que vous contrôlez les autres couleurs."},
    "theme_entry": {"en": "An entry: win in the hand you need to lead from next.",
                    "fr": "Une communication : prenez dans la main d'où il faut jouer ensuite."},
    "theme_safety": {"en": "A safety play: it gives up a trick on some layouts to make on all of them.",
                     "fr": "Un jeu de sécurité : il cède une levée sur certaines répartitions pour gagner sur "
                           "toutes."},
    # puzzles
    "pz_c_contract": {"en": "{contract} by {declarer}", "fr": "{contract} par {declarer}"},
    "pz_c_won": {"en": "Won: N/S {ns}, E/W {ew}", "fr": "Faites : N/S {ns}, E/O {ew}"},
    "pz_c_trick": {"en": "Trick {n}:", "fr": "Levée {n} :"},
    "pz_c_lead": {"en": "{seat} to lead", "fr": "{seat} entame"},
    "pz_level": {"en": "level {level}", "fr": "niveau {level}"},
    "pz_theme": {"en": "Theme: {theme}.", "fr": "Thème : {theme}."},
    "pz_after": {"en": "After {card}:", "fr": "Après {card} :"},
    "pz_after_best": {"en": "After {card} (best):", "fr": "Après {card} (le mieux) :"},
    "pz_hint_ruff": {"en": "You cannot follow: is this the moment to ruff, and with which trump?",
                     "fr": "Vous ne pouvez pas fournir : est-ce le moment de couper, et avec quel atout ?"},
    "pz_hint_discard": {"en": "You cannot follow: which suit can you spare? Keep what guards a winner.",
                        "fr": "Vous ne pouvez pas fournir : quelle couleur pouvez-vous lâcher ? Gardez ce qui "
                              "protège une levée."},
    "pz_hint_trumps": {"en": "Count the trumps still out: is it time to draw them?",
                       "fr": "Comptez les atouts adverses : est-il temps de les tirer ?"},
    "pz_hint_switch": {"en": "Which suit should be played now? Not necessarily the one you think of first.",
                       "fr": "Quelle couleur faut-il jouer maintenant ? Pas forcément la première qui vient à "
                             "l'esprit."},
    "pz_hint_lead-card": {"en": "The suit is right; which card of it?",
                          "fr": "La couleur est la bonne ; mais quelle carte ?"},
    "pz_hint_win": {"en": "Can you afford to let this trick go? Win it if you can.",
                    "fr": "Pouvez-vous laisser passer cette levée ? Prenez-la si vous le pouvez."},
    "pz_hint_duck": {"en": "Must you win this trick now? Letting it go may keep control or an entry.",
                     "fr": "Faut-il prendre cette levée maintenant ? La laisser peut garder le contrôle ou une "
                           "communication."},
    "pz_hint_unblock": {"en": "Think of the next tricks in this suit: will a high card be in the way?",
                        "fr": "Pensez aux levées suivantes dans cette couleur : une grosse carte va-t-elle "
                              "bloquer ?"},
    "pz_hint_high": {"en": "Who plays after you, and what can they beat?",
                     "fr": "Qui joue après vous, et que peut-il battre ?"},
    "pz_hint_finesse": {"en": "Where are the missing honours? A lower card may win the trick all the same.",
                        "fr": "Où sont les honneurs qui manquent ? Une carte plus petite peut gagner quand même."},
    "pz_hint_keep-entry": {"en": "Keep the entry: which hand must win the later tricks in this suit?",
                           "fr": "Gardez la communication : quelle main doit prendre les levées suivantes dans "
                                 "cette couleur ?"},
    "holds": {"en": "{seat} holds {cards}", "fr": "{seat} a {cards}"},
    "and": {"en": " and ", "fr": " et "},
    "nothing": {"en": "nothing", "fr": "rien"},
}

THEME_NAMES: dict[str, dict[str, str]] = {
    "finesse": {"en": "finesse", "fr": "impasse"},
    "duck": {"en": "duck", "fr": "coup à blanc"},
    "ruff": {"en": "ruff in dummy", "fr": "coupe au mort"},
    "unblock": {"en": "unblock", "fr": "déblocage"},
    "throw-in": {"en": "throw-in", "fr": "remise en main"},
    "elimination": {"en": "elimination", "fr": "élimination"},
    "squeeze": {"en": "squeeze", "fr": "squeeze"},
    "entry": {"en": "entries", "fr": "communications"},
    "safety": {"en": "safety play", "fr": "jeu de sécurité"},
    "count": {"en": "count", "fr": "compte"},
    "hold-up": {"en": "hold-up", "fr": "coup à blanc"},
    "trumps": {"en": "trump control", "fr": "contrôle des atouts"},
    "avoidance": {"en": "keep the danger hand off lead", "fr": "main dangereuse"},
    "loser-on-loser": {"en": "loser on loser", "fr": "perdante sur perdante"},
    "tricks": {"en": "count the tricks", "fr": "compter les levées"},
    "cash": {"en": "cash winners first", "fr": "encaisser d'abord"},
    "trump-promotion": {"en": "trump promotion", "fr": "promotion d'atout"},
    "defence": {"en": "defence", "fr": "défense"},
    "discard": {"en": "the right discard", "fr": "la bonne défausse"},
    "switch": {"en": "the right suit", "fr": "la bonne couleur"},
    "lead-card": {"en": "the right card of the suit", "fr": "la bonne carte de la couleur"},
    "win": {"en": "win the trick", "fr": "prendre la levée"},
    "keep-entry": {"en": "keep the entry", "fr": "garder la communication"},
    "follow": {"en": "follow suit", "fr": "fournir"},
    "high": {"en": "play high", "fr": "jouer haut"},
    "lead": {"en": "the lead", "fr": "l'entame"},
}


def msg(key: str, lang: str, /, **values: object) -> str:
    """The message ``key`` in ``lang`` (English when it has no translation)."""
    table = MESSAGES[key]
    return (table.get(lang) or table["en"]).format(**values)


def theme_name(theme: str, lang: str) -> str:
    names = THEME_NAMES.get(theme)
    return (names.get(lang) or names["en"]) if names else theme
