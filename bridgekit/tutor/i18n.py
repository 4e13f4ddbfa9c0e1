"""The tutor's two languages, English (``en``) and French (``fr``).

``default_lang()`` reads ``LC_ALL``, then ``LC_MESSAGES``, then ``LANG`` (the
usual precedence): French when the first one set starts with ``fr``, English
otherwise.  ``t(key, lang, **values)`` gives one message of the runner or the
drills in that language; the names of seats, sides, strains and vulnerability
are here too, and ``from_french`` turns a French answer (``ouest``, ``EO``,
``1SA``, ``passe``, ``♥R``) into the spelling the answer parsers read.
"""

from __future__ import annotations

import os
import re
from typing import Mapping

from ..seats import Seat, Side, Vul

LANGS = ("en", "fr")


def default_lang(env: Mapping[str, str] | None = None) -> str:
    env = os.environ if env is None else env
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


SEAT_NAMES = {
    "en": {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"},
    "fr": {Seat.N: "Nord", Seat.E: "Est", Seat.S: "Sud", Seat.W: "Ouest"},
}
SIDE_NAMES = {"en": {Side.NS: "N/S", Side.EW: "E/W"}, "fr": {Side.NS: "N/S", Side.EW: "E/O"}}
VUL_NAMES = {
    "en": {Vul.NONE: "nobody", Vul.NS: "N/S", Vul.EW: "E/W", Vul.ALL: "both sides"},
    "fr": {Vul.NONE: "personne", Vul.NS: "N/S", Vul.EW: "E/O", Vul.ALL: "les deux camps"},
}
STRAIN_WORDS = {
    "en": {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "no trump"},
    "fr": {"C": "trèfle", "D": "carreau", "H": "cœur", "S": "pique", "NT": "sans-atout"},
}


def seat_name(seat: Seat, lang: str) -> str:
    return SEAT_NAMES[lang][seat]


def side_name(side: Side, lang: str) -> str:
    return SIDE_NAMES[lang][side]


def vul_name(vul: Vul, lang: str) -> str:
    return VUL_NAMES[lang][vul]


_KINDS_FR = {
    "scoring": "marque", "auction": "enchères", "tricks": "levées", "imps": "IMP", "rubber": "robre",
    "part score": "partielle", "game": "manche", "overtricks": "levées de mieux", "slam": "chelem",
    "doubled made": "contré réussi", "redoubled made": "surcontré réussi", "undertricks": "chutes",
    "doubled undertricks": "chutes contrées", "honours": "honneurs", "doubles and redoubles": "contres et surcontres",
    "sufficient bids": "enchères suffisantes", "the lowest bid": "l'enchère la plus basse", "trumps": "atout",
    "no trump": "sans-atout", "band edges": "bords des tranches", "comparing tables": "comparer les tables",
    "who wins": "qui gagne", "games": "manches",
}


def kind_name(kind: str, lang: str) -> str:
    """What an exercise practises (``scoring (contract): slam``), in ``lang``."""
    if lang != "fr":
        return kind
    head, _, sub = kind.partition(": ")
    topic, _, rules = head.partition(" (")
    text = _KINDS_FR.get(topic, topic) + (f" ({rules}" if rules else "")
    return f"{text} : {_KINDS_FR.get(sub, sub)}" if sub else text


def t(key: str, lang: str, /, **values: object) -> str:
    """The message ``key`` in ``lang`` (English when it has no translation).
    A message given as (singular, plural) is chosen by the value ``n``, as
    each language counts (French: 0 and 1 are singular)."""
    table = MESSAGES[key]
    entry = table.get(lang) or table["en"]
    if isinstance(entry, tuple):
        n = values.get("n")
        one = isinstance(n, int) and (abs(n) < 2 if lang == "fr" else n == 1)
        entry = entry[0] if one else entry[1]
    return entry.format(**values) if values else entry


# -- French answers -----------------------------------------------------------

_FR_WORDS = [
    (r"\bsans[- ]?atouts?\b", "NT"), (r"(?<=\d)\s*sa\b", "NT"), (r"^sa$", "NT"),
    (r"\bsurcontre\b", "XX"), (r"\bcontre\b", "X"), (r"\bpasse\b", "Pass"),
    (r"\btr[èe]fles?\b", "C"), (r"\bcarreaux?\b", "D"), (r"\bc(œ|oe)urs?\b", "H"), (r"\bpiques?\b", "S"),
    (r"\bouest\b", "W"), (r"\bnord\b", "N"), (r"\bsud\b", "S"), (r"\best\b", "E"),
    (r"^o$", "W"), (r"^(e[-/ ]?o|o[-/ ]?e)$", "EW"), (r"\bpersonne\b", "None"), (r"\baucun\b", "None"),
    (r"\btous\b", "All"), (r"\bles deux\b", "All"),
]
_FR_RANK = {"R": "K", "D": "Q", "V": "J"}
_SYMBOL_FIRST = re.compile(r"^([\u2660\u2665\u2666\u2663])\s*([RDV])$", re.IGNORECASE)
_SYMBOL_LAST = re.compile(r"^([RDV])\s*([\u2660\u2665\u2666\u2663])$", re.IGNORECASE)


def from_french(answer_type: str, text: str) -> str:
    """A French answer in the spelling the parsers read (unchanged when it
    is already one they know)."""
    key = text.strip()
    if answer_type == "card":
        m = _SYMBOL_FIRST.match(key) or _SYMBOL_LAST.match(key)
        if m:
            sym = m.group(1) if m.group(1) in "\u2660\u2665\u2666\u2663" else m.group(2)
            rank = m.group(2) if sym == m.group(1) else m.group(1)
            return sym + _FR_RANK[rank.upper()]
        return key
    if answer_type in ("number", "numbers", "yesno", "text"):
        return key
    low = key.lower()
    for pattern, repl in _FR_WORDS:
        low = re.sub(pattern, repl, low)
    return low


MESSAGES: dict[str, dict[str, str | tuple[str, str]]] = {
    # -- the lesson runner --------------------------------------------------
    "lesson": {"en": "Lesson", "fr": "Leçon"},
    "step_of": {"en": "step {i} of {n}", "fr": "étape {i} sur {n}"},
    "question": {"en": "QUESTION: ", "fr": "QUESTION : "},
    "answer": {"en": "Answer: ", "fr": "Réponse : "},
    "computed_now": {"en": "Computed by bridgekit now:", "fr": "Calculé par bridgekit à l'instant :"},
    "stated": {"en": "Stated in the lesson: ", "fr": "Annoncé dans la leçon : "},
    "agrees": {"en": "agrees", "fr": "d'accord"},
    "differs": {"en": "DIFFERS: bridgekit says {value}", "fr": "DIFFÈRE : bridgekit trouve {value}"},
    "needs_dds": {"en": "  (this figure needs the double-dummy solver: bridgekit lesson check --dds)",
                  "fr": "  (ce chiffre demande le solveur à quatre jeux : bridgekit lesson check --dds)"},
    "lesson_states": {"en": "  The lesson states {key}: {value}", "fr": "  La leçon annonce {key} : {value}"},
    "could_not_compute": {"en": "  bridgekit could not compute this: {error}",
                          "fr": "  bridgekit n'a pas pu le calculer : {error}"},
    "resuming": {"en": "Resuming lesson {n} at step {i} of {total} (start over with --restart).\n",
                 "fr": "Reprise de la leçon {n} à l'étape {i} sur {total} (--restart pour recommencer).\n"},
    "saved": {"en": "\nProgress saved at step {i} of {n}. Resume with: bridgekit lesson run",
              "fr": "\nProgression enregistrée à l'étape {i} sur {n}. Pour reprendre : bridgekit lesson run"},
    "end": {"en": "\nEnd of lesson {n}: {title}. Well done.", "fr": "\nFin de la leçon {n} : {title}. Bravo."},
    # the title on a line of its own: a long one cannot push the command past 80 columns
    "next_lesson": {"en": "Next: lesson {n}, {title}.\nStart it with: bridgekit lesson run "
                          "(or bridgekit lesson run {n});\nsee them all with: bridgekit lesson list",
                    "fr": "Ensuite : leçon {n}, {title}.\nPour la commencer : bridgekit lesson run "
                          "(ou bridgekit lesson run {n}) ;\ntoutes les leçons : bridgekit lesson list"},
    "all_done": {"en": "You have finished all the lessons. Run one again with: bridgekit lesson run NUMBER\n"
                       "or practise with: bridgekit lesson drill",
                 "fr": "Vous avez fini toutes les leçons. Pour en refaire une : bridgekit lesson run NUMÉRO\n"
                       "ou pour vous exercer : bridgekit lesson drill"},
    "last_lesson": {"en": "That was the last lesson. Practise with: bridgekit lesson drill",
                    "fr": "C'était la dernière leçon. Pour vous exercer : bridgekit lesson drill"},
    "nav": {"en": "[Enter] {what}, b back, q quit: ", "fr": "[Entrée] {what}, b retour, q quitter : "},
    "nav_next": {"en": "next", "fr": "suite"},
    "nav_finish": {"en": "finish", "fr": "terminer"},
    "first_step": {"en": "This is the first step.", "fr": "C'est la première étape."},
    "nav_help": {"en": "Press Enter for the next step, b to go back, q to quit.",
                 "fr": "Entrée pour l'étape suivante, b pour revenir, q pour quitter."},
    "quiz_prompt": {"en": "\nYour answer ({help})\nor ? for a hint, 'show' for the answer, 'back', q to quit: ",
                    "fr": "\nVotre réponse ({help})\nou ? pour un indice, 'show' pour la réponse, 'back', "
                          "q pour quitter : "},
    "hint": {"en": "Hint: ", "fr": "Indice : "},
    "look_again": {"en": "look again at the rule above.", "fr": "relisez la règle ci-dessus."},
    "unreadable": {"en": "I could not read {text!r} as {help}.", "fr": "Je ne lis pas {text!r} comme {help}."},
    "right": {"en": "Right!", "fr": "Exact !"},
    "not_quite": {"en": "Not quite.", "fr": "Pas tout à fait."},
    "try_again": {"en": "Not quite. Try again, or type 'show' to see the answer.",
                  "fr": "Pas tout à fait. Essayez encore, ou tapez 'show' pour voir la réponse."},
    "type_show": {"en": "(Type 'show' to see the answer.)", "fr": "(Tapez 'show' pour voir la réponse.)"},
    # answer types
    "type_seat": {"en": "a seat: N, E, S or W", "fr": "une place : N, E, S ou O"},
    "type_side": {"en": "a side: NS or EW", "fr": "un camp : NS ou EO"},
    "type_number": {"en": "a number, e.g. 420 or -500", "fr": "un nombre, par exemple 420 ou -500"},
    "type_numbers": {"en": "two numbers, below then above, e.g. 36 50",
                     "fr": "deux nombres, en dessous puis au-dessus, par exemple 36 50"},
    "type_yesno": {"en": "yes or no", "fr": "oui ou non"},
    "type_contract": {"en": "a contract, e.g. 4S, 3NTX", "fr": "un contrat, par exemple 4♠, 3SA X"},
    "type_call": {"en": "a call, e.g. 1H, 2NT, Pass, X, XX", "fr": "une enchère, par exemple 1♥, 2SA, passe, X, XX"},
    "type_card": {"en": "a card, e.g. SA, H10, C2", "fr": "une carte, par exemple ♠A, ♥10, ♣2"},
    "type_strain": {"en": "a strain: C, D, H, S or NT", "fr": "une dénomination : ♣, ♦, ♥, ♠ ou SA"},
    "type_vul": {"en": "None, NS, EW or All", "fr": "personne, NS, EO ou tous"},
    "type_text": {"en": "a word or two", "fr": "un mot ou deux"},
    "type_games": {"en": "NS, EW, both or neither", "fr": "NS, EO, les deux ou aucun"},
    # -- drills ---------------------------------------------------------------
    "all_topics": {"en": "all topics", "fr": "tous les thèmes"},
    "drill_intro": {"en": "Drill: {topic}, {count} exercises. Type your answer; ? for a hint, "
                          "'show' for the answer, q to stop.",
                    "fr": "Entraînement : {topic}, {count} exercices. Tapez votre réponse ; ? pour un "
                          "indice, 'show' pour la réponse, q pour arrêter."},
    "exercise_of": {"en": "Exercise {n} of {count}", "fr": "Exercice {n} sur {count}"},
    "score_so_far": {"en": "score {right}/{asked}", "fr": "score {right}/{asked}"},
    "drill_prompt": {"en": "Your answer ({help}): ", "fr": "Votre réponse ({help}) : "},
    "drill_wrong": {"en": "Not quite: the answer is {answer}.", "fr": "Pas tout à fait : la réponse est {answer}."},
    "summary": {"en": "{right}/{asked} correct.", "fr": "{right}/{asked} justes."},
    "review": {"en": "To review: {topics}.", "fr": "À revoir : {topics}."},
    "all_right": {"en": "Nothing to review: all right.", "fr": "Rien à revoir : tout est juste."},
    "yes": {"en": "yes", "fr": "oui"},
    "no": {"en": "no", "fr": "non"},
    "above": {"en": "above", "fr": "au-dessus"},
    "below": {"en": "below", "fr": "dessous"},
    "no_score": {"en": "no score for either side", "fr": "aucun point pour personne"},
    "nobody": {"en": "nobody", "fr": "personne"},
    "aces_held": {"en": "Aces: ", "fr": "As : "},
    "honours_held": {"en": "Trump honours ({suit} A K Q J 10): ", "fr": "Honneurs d'atout ({suit} A R D V 10) : "},
    "result_line": {"en": "{declarer} plays {contract} and takes {tricks} tricks.",
                    "fr": "{declarer} joue {contract} et fait {tricks} levées."},
    "vul_line": {"en": "Vulnerable: {vul}.", "fr": "Vulnérables : {vul}."},
    "rules_line": {"en": "Rules: {rules} (Auction Bridge, no vulnerability).",
                   "fr": "Règles : {rules} (Auction Bridge, sans vulnérabilité)."},
    "no_honours": {"en": "No honours to count (the hands are not shown).",
                   "fr": "Pas d'honneurs à compter (les mains ne sont pas montrées)."},
    "q_score_ns": {"en": "What is the score for North-South (+ when N/S score, - when E/W do)?",
                   "fr": "Quel est le score de Nord-Sud (+ si N/S marquent, - si E/O marquent) ?"},
    "q_below_above": {"en": "How many points do {side} score below the line, and above it?",
                      "fr": "Combien de points {side} marquent-ils en dessous de la ligne, et au-dessus ?"},
    "h_sign": {"en": "Right amount, wrong sign: the score is written from North-South's side, negative "
                     "when East-West score.",
               "fr": "Bon montant, mauvais signe : le score s'écrit du côté de Nord-Sud, négatif quand "
                     "Est-Ouest marquent."},
    "h_vul": {"en": "Check the vulnerability ({vul}): it changes the game bonus, the slam bonuses, doubled "
                    "overtricks and the undertricks.",
              "fr": "Vérifiez la vulnérabilité ({vul}) : elle change la prime de manche, les primes de chelem, "
                    "les levées de mieux contrées et les chutes."},
    "h_doubled": {"en": "The contract is doubled (or redoubled): trick points x2 (x4), the bonus for making "
                        "it, and the doubled overtricks or undertricks.",
                  "fr": "Le contrat est contré (ou surcontré) : points de levées x2 (x4), prime de réussite, "
                        "et levées de mieux ou de chute contrées."},
    "h_overtricks_game": {"en": "Only the tricks bid count towards game; overtricks are scored apart and "
                                "never turn a part score into a game.",
                          "fr": "Seules les levées demandées comptent pour la manche ; les levées de mieux se "
                                "marquent à part et ne transforment jamais une partielle en manche."},
    "h_slam_bid": {"en": "A slam bid and made earns its slam bonus on top of the game bonus.",
                   "fr": "Un chelem demandé et réussi rapporte sa prime de chelem en plus de la prime de manche."},
    "hint_contract": {"en": "Trick points for the tricks bid (20 minors, 30 majors, NT 40 then 30), x2 or x4 "
                            "if doubled; game (100 or more) 300/500, else 50; slams only when bid; "
                            "undertricks by the ladder for the vulnerability.",
                      "fr": "Points des levées demandées (20 mineures, 30 majeures, SA 40 puis 30), x2 ou x4 "
                            "si contré ; manche (100 ou plus) 300/500, sinon 50 ; chelems seulement "
                            "demandés ; chutes selon le barème de la vulnérabilité."},
    "h_every_odd_trick": {"en": "Every odd trick taken counts below the line in Auction Bridge, bid or not.",
                          "fr": "Au bridge aux enchères, chaque levée au-delà de six compte en dessous de la "
                                "ligne, demandée ou non."},
    "h_doubled_below": {"en": "Doubled, the trick points below the line are multiplied by 2 (redoubled by 4).",
                        "fr": "Contré, les points de levées sous la ligne sont multipliés par 2 (surcontré "
                              "par 4)."},
    "h_other_table": {"en": "That is the figure of the other Auction Bridge table ({rules}): check the "
                            "doubled bonus and the honours of this one.",
                      "fr": "C'est le chiffre de l'autre barème du bridge aux enchères ({rules}) : vérifiez "
                            "la prime du contrat contré et les honneurs de celui-ci."},
    "h_honours_forgot": {"en": "Don't forget the honours: they go above the line, for whichever side holds "
                               "them.",
                         "fr": "N'oubliez pas les honneurs : ils vont au-dessus de la ligne, pour le camp qui "
                               "les détient."},
    "hint_auction": {"en": "Below the line: every odd trick (C 6, D 7, H 8, S 9, NT 10), x2 or x4 if "
                           "doubled, nothing if the contract fails. Above: undertricks 50/100/200, the bonus "
                           "for a doubled contract, slams 50/100 for any side, honours.",
                     "fr": "Sous la ligne : chaque levée au-delà de six (♣ 6, ♦ 7, ♥ 8, ♠ 9, SA 10), x2 ou "
                           "x4 si contré, rien si le contrat chute. Au-dessus : chutes 50/100/200, prime "
                           "du contrat contré, chelems 50/100 pour tout camp, honneurs."},
    "auction_line": {"en": "{dealer} deals. {calls}. {turn} to call.",
                     "fr": "{dealer} donne. {calls}. À {turn} de parler."},
    "q_legal": {"en": "May {seat} call {call} now?", "fr": "{seat} peut-il dire {call} maintenant ?"},
    "legal_yes": {"en": "{call} by {seat} is legal.", "fr": "{call} par {seat} est légal."},
    "legal_no": {"en": "{call} by {seat} is illegal.", "fr": "{call} par {seat} est illégal."},
    "hint_double": {"en": "A double needs an opponents' bid, undoubled, followed only by passes; a redouble "
                          "needs the opponents' double of your own side's bid, still the last call other "
                          "than pass.",
                    "fr": "Un contre vise une enchère adverse non contrée, suivie seulement de passes ; un "
                          "surcontre répond au contre adverse d'une enchère de votre camp, resté la "
                          "dernière annonce autre que passe."},
    "hint_sufficient": {"en": "A bid must beat the last bid: a higher level, or the same level in a higher "
                              "strain (clubs, diamonds, hearts, spades, no trump).",
                        "fr": "Une enchère doit dépasser la dernière : un palier plus haut, ou le même palier "
                              "dans une dénomination plus haute (trèfle, carreau, cœur, pique, sans-atout)."},
    "q_lowest": {"en": "What is the lowest legal bid in {strain} for {seat}?",
                 "fr": "Quelle est l'enchère légale la plus basse à {strain} pour {seat} ?"},
    "lowest_is": {"en": "The lowest legal bid in {strain} is {call}.",
                  "fr": "L'enchère légale la plus basse à {strain} est {call}."},
    "h_too_low": {"en": "That bid is insufficient: it does not beat the last bid.",
                  "fr": "Cette enchère est insuffisante : elle ne dépasse pas la dernière."},
    "h_too_high": {"en": "That bid is legal, but one level lower is enough.",
                   "fr": "Cette enchère est légale, mais un palier plus bas suffit."},
    "hint_lowest": {"en": "Compare with the last bid: at its level only a higher strain beats it.",
                    "fr": "Comparez avec la dernière enchère : à son palier, seule une dénomination plus "
                          "haute la dépasse."},
    "strain_C": {"en": "clubs", "fr": "trèfle"},
    "strain_D": {"en": "diamonds", "fr": "carreau"},
    "strain_H": {"en": "hearts", "fr": "cœur"},
    "strain_S": {"en": "spades", "fr": "pique"},
    "strain_NT": {"en": "no trump", "fr": "sans-atout"},
    "no_trump_play": {"en": "No trump.", "fr": "Sans-atout."},
    "trumps_are": {"en": "Trumps: {suit}.", "fr": "Atout : {suit}."},
    "trick_line": {"en": "{leader} leads: {cards}.", "fr": "{leader} entame : {cards}."},
    "q_winner": {"en": "Who wins the trick?", "fr": "Qui remporte la levée ?"},
    "wins_with": {"en": "{seat} wins with {card}.", "fr": "{seat} gagne avec {card}."},
    "h_trump_played": {"en": "A trump was played: the highest trump wins, whatever the cards of the suit led.",
                       "fr": "Un atout a été joué : le plus fort atout l'emporte, quelles que soient les "
                             "cartes de la couleur entamée."},
    "h_discard": {"en": "A card of another suit (not trumps) is a discard: it never wins, however high.",
                  "fr": "Une carte d'une autre couleur (hors atout) est une défausse : elle ne gagne jamais, "
                        "si forte soit-elle."},
    "hint_trick": {"en": "Was a trump played? Then the highest trump wins; otherwise the highest card of "
                         "the suit led.",
                   "fr": "Un atout a-t-il été joué ? Alors le plus fort atout gagne ; sinon la plus forte "
                         "carte de la couleur entamée."},
    "imps_diff": {"en": "Team A's difference on a board: {diff} points.",
                  "fr": "Écart de l'équipe A sur une donne : {diff} points."},
    "imps_tables": {"en": "Table 1 (team A North-South): N/S {s1}. Table 2 (team B North-South): N/S {s2}.",
                    "fr": "Table 1 (équipe A en Nord-Sud) : N/S {s1}. Table 2 (équipe B en Nord-Sud) : "
                          "N/S {s2}."},
    "q_imps": {"en": "How many IMPs for team A (with the sign)?", "fr": "Combien d'IMP pour l'équipe A (avec le signe) ?"},
    "imps_is": {"en": ("A difference of {diff} is {imps} IMP.", "A difference of {diff} is {imps} IMPs."),
                "fr": "Un écart de {diff} vaut {imps} IMP."},
    "h_imp_sign": {"en": "Right size, wrong sign: a negative difference means team B gains.",
                   "fr": "Bonne taille, mauvais signe : un écart négatif profite à l'équipe B."},
    "h_imp_band": {"en": "One band off: check where the difference falls in the table (20-40 is 1, 50-80 2, "
                         "... 370-420 9, 430-490 10 ...).",
                   "fr": "Une tranche de trop ou de moins : regardez où tombe l'écart dans le barème "
                         "(20-40 : 1, 50-80 : 2, ... 370-420 : 9, 430-490 : 10 ...)."},
    "h_imp_subtract": {"en": "Subtract table 2's N/S score from table 1's: do not add them.",
                       "fr": "Soustrayez le score N/S de la table 2 de celui de la table 1 : ne les additionnez "
                             "pas."},
    "hint_imps": {"en": "Table 1 minus table 2, then the IMP table: 0-10 0, 20-40 1, 50-80 2, 90-120 3, "
                        "130-160 4, 170-210 5, 220-260 6 ... 4000 and up 24.",
                  "fr": "Table 1 moins table 2, puis le barème : 0-10 0, 20-40 1, 50-80 2, 90-120 3, "
                        "130-160 4, 170-210 5, 220-260 6 ... 4000 et plus 24."},
    "pad_head": {"en": "A rubber under {rules} (no honours counted):",
                 "fr": "Un robre selon {rules} (sans compter d'honneurs) :"},
    "pad_line": {"en": "  {n}. {declarer} plays {contract}, {tricks} tricks",
                 "fr": "  {n}. {declarer} joue {contract}, {tricks} levées"},
    "pad_totals": {"en": "  {side}: {games} game(s), {total} points in all",
                   "fr": "  {side} : {games} manche(s), {total} points en tout"},
    "q_rubber_winner": {"en": "The rubber is over. Which side wins it, NS or EW?",
                        "fr": "Le robre est terminé. Quel camp le gagne, NS ou EO ?"},
    "h_rubber_points": {"en": "The side with two games does not always win: add up everything above and "
                              "below the line, the 250 included.",
                        "fr": "Le camp aux deux manches ne gagne pas toujours : additionnez tout, au-dessus "
                              "et en dessous de la ligne, les 250 compris."},
    "h_rubber_total": {"en": "Add up everything each side scored, above and below the line, with the 250 "
                             "for the rubber.",
                       "fr": "Additionnez tout ce que chaque camp a marqué, au-dessus et en dessous de la "
                             "ligne, avec les 250 du robre."},
    "hint_rubber": {"en": "The higher total wins, above and below the line together, rubber bonus included.",
                    "fr": "Le plus gros total gagne, dessus et dessous réunis, prime de robre comprise."},
    "q_games": {"en": "Which side has won a game so far: NS, EW, both or neither?",
                "fr": "Quel camp a déjà gagné une manche : NS, EO, les deux ou aucun ?"},
    "games_both": {"en": "both", "fr": "les deux"},
    "games_ns": {"en": "NS", "fr": "NS"},
    "games_ew": {"en": "EW", "fr": "EO"},
    "games_neither": {"en": "neither", "fr": "aucun"},
    "h_games": {"en": "A game is 30 or more below the line in the current game, from one deal or several; "
                      "only a made contract scores below the line.",
                "fr": "Une manche, c'est 30 ou plus sous la ligne dans la manche en cours, en une ou "
                      "plusieurs donnes ; seul un contrat réussi marque sous la ligne."},
    "hint_games": {"en": "Add each side's trick points below the line, deal by deal; at 30 a game is won and "
                         "both sides start again from zero.",
                   "fr": "Additionnez les points de levées de chaque camp sous la ligne, donne après donne ; "
                         "à 30 la manche est gagnée et les deux camps repartent de zéro."},
    "reason_insufficient-bid": {"en": "it does not beat the last bid", "fr": "elle ne dépasse pas la dernière enchère"},
    "reason_double-own-side": {"en": "the last bid is their own side's", "fr": "la dernière enchère est celle de son propre camp"},
    "reason_double-doubled": {"en": "the last bid is already doubled", "fr": "la dernière enchère est déjà contrée"},
    "reason_double-nothing": {"en": "there is no bid to double", "fr": "il n'y a aucune enchère à contrer"},
    "reason_redouble-not-doubled": {"en": "the last bid has not been doubled (or is already redoubled)",
                                    "fr": "la dernière enchère n'est pas contrée (ou déjà surcontrée)"},
    "reason_redouble-own-double": {"en": "only the side whose bid was doubled may redouble",
                                   "fr": "seul le camp dont l'enchère est contrée peut surcontrer"},
    "doubled": {"en": "doubled", "fr": "contré"},
    "redoubled": {"en": "redoubled", "fr": "surcontré"},
    "below_above": {"en": "{side}: {below} below the line, {above} above",
                    "fr": "{side} : {below} en dessous de la ligne, {above} au-dessus"},
    # -- puzzles -------------------------------------------------------------
    "pz_board": {"en": "board", "fr": "donne"},
    "pz_head": {"en": "Puzzle {n} of {count}: {where}", "fr": "Problème {n} sur {count} : {where}"},
    "pz_contract": {"en": "Contract {contract} by {declarer}.", "fr": "Contrat {contract} joué par {declarer}."},
    "pz_won": {"en": "Tricks won so far: N/S {ns}, E/W {ew}.", "fr": "Levées gagnées jusqu'ici : N/S {ns}, E/O {ew}."},
    "pz_trick": {"en": "Trick {n} so far: {cards}.", "fr": "Levée {n} en cours : {cards}."},
    "pz_lead": {"en": "Trick {n}: the lead.", "fr": "Levée {n} : l'entame."},
    "pz_question": {"en": "You are {seat}, to play. Every card is in view (double dummy). With best play "
                          "{side} can take {target} tricks in all. Which card keeps them?",
                    "fr": "Vous êtes {seat}, à vous de jouer. Toutes les cartes sont visibles (quatre jeux "
                          "ouverts). En jouant au mieux, {side} peuvent faire {target} levées en tout. Quelle "
                          "carte les garde ?"},
    "pz_hint": {"en": "Count the tricks you can still lose; think about entries, ruffs and who is squeezed.",
                "fr": "Comptez les levées que vous pouvez encore perdre ; pensez aux communications, aux "
                      "coupes et à qui est squeezé."},
    "pz_illegal": {"en": "{card} cannot be played here.", "fr": "{card} ne peut pas être joué ici."},
    "pz_keeps": {"en": "{card} keeps {side}'s {target} tricks.", "fr": "{card} garde les {target} levées ({side})."},
    "pz_costs": {"en": ("Not quite: {card} costs {n} trick; {side} would take {total}.",
                        "Not quite: {card} costs {n} tricks; {side} would take {total}."),
                 "fr": ("Pas tout à fait : {card} coûte {n} levée ; {side} n'en feraient que {total}.",
                        "Pas tout à fait : {card} coûte {n} levées ; {side} n'en feraient que {total}.")},
    "pz_best": {"en": "Best: {cards} ({side} {target}).", "fr": "Meilleures cartes : {cards} ({side} {target})."},
    "pz_table": {"en": ("At the table {seat} played {card}, which cost {n} trick: {total} instead of {target}.",
                        "At the table {seat} played {card}, which cost {n} tricks: {total} instead of {target}."),
                 "fr": ("À la table, {seat} a joué {card}, qui a coûté {n} levée : {total} au lieu de {target}.",
                        "À la table, {seat} a joué {card}, qui a coûté {n} levées : {total} au lieu de {target}.")},
    "pz_values": {"en": "Every legal card, with the tricks your side then takes: ",
                  "fr": "Chaque carte légale, avec les levées que fait alors votre camp : "},
    "pz_none": {"en": "No puzzle found: no board with a complete deal, a contract and a costly card in its play.",
                "fr": "Aucun problème trouvé : aucune donne avec une distribution complète, un contrat et une "
                      "carte coûteuse dans son jeu."},
}


# -- computed lines and diagrams in French ------------------------------------
# The engines write their lines in English; these patterns (most specific
# first) give each template its French form, and the words left over
# (seat names, strains) are translated last.

_S = r"(North|East|South|West)"
_FR_LINES: list[tuple[str, str]] = [
    (rf"^{_S}: partner {_S}, left-hand opponent {_S}, right-hand opponent {_S}, side (N/S|E/W)$",
     r"\1 : partenaire \2, adversaire de gauche \3, adversaire de droite \4, camp \5"),
    (r"^Board (\d+): (\w+) deals, (.*) vulnerable$", r"Donne \1 : \2 donne, vulnérables : \3"),
    (r"^Deal complete \(13 cards each, all 52 cards once\): (yes|no)$",
     r"Donne complète (13 cartes chacun, les 52 cartes une fois) : \1"),
    (r"^(\S+) is held by (\w+)$", r"\1 est dans la main de \2"),
    (r"^Dealing one card at a time clockwise from the dealer's left: the first card goes to (\w+), the last to "
     r"(\w+) \(the dealer\); (\d+) cards each$",
     r"En distribuant une carte à la fois dans le sens horaire depuis la gauche du donneur, la première carte "
     r"va à \1, la dernière à \2 (le donneur) ; \3 cartes chacun"),
    (r"^The next deal is dealt by (\w+)$", r"La donne suivante est distribuée par \1"),
    (r"^The auction is still open: (\w+) to call$", r"Les enchères continuent : à \1 de parler"),
    (r"^Four passes: no contract$", "Quatre passes : pas de contrat"),
    (r"^Contract (\S+) by (\w+) \((\d+) tricks needed\); dummy (\w+); (\w+) makes the opening lead$",
     r"Contrat \1 joué par \2 (\3 levées à faire) ; mort \4 ; \5 entame"),
    (r"^The last bid was (\S+) by (\w+), but (\w+) named (.+) first for the side$",
     r"La dernière enchère, \1, vient de \2, mais \3 a nommé le \4 le premier pour le camp"),
    (r"^Illegal: ", "Illégal : "),
    (r"(\S+) by (\w+) after (\S+) is insufficient: a bid must name more tricks, or as many in a higher strain "
     r"\((.*)\)$", r"\1 par \2 après \3 est insuffisante : une enchère doit promettre plus de levées, ou autant "
     r"dans une dénomination plus haute (\4)"),
    (r"(\S+) by (\w+): (\S+) was bid by their own side \((\w+)\); only an opponent's bid can be doubled$",
     r"\1 par \2 : \3 est une enchère de son propre camp (\4) ; on ne contre qu'une enchère adverse"),
    (r"(\S+) by (\w+): (\S+) was bid by the other side \((\w+)\); only the side whose bid was doubled may "
     r"redouble$", r"\1 par \2 : \3 est une enchère de l'autre camp (\4) ; seul le camp dont l'enchère est "
     r"contrée peut surcontrer"),
    (r"trick (\d+): (\w+) discarded the (\S+) while holding the (\S+); (\w+) were led$",
     r"levée \1 : \2 a défaussé le \3 en ayant le \4 ; l'entame était à \5"),
    (r"^(\S+) by (\w+) is legal$", r"\1 par \2 est légal"),
    (r"^(\S+) by (\w+) is illegal: ", r"\1 par \2 est illégal : "),
    (r"\(no trump\): (\w+) wins with (\S+) and leads to the next trick$",
     r"(sans-atout) : \1 gagne avec \2 et entame la levée suivante"),
    (r"\((\S+) trumps\): (\w+) wins with (\S+) and leads to the next trick$",
     r"(atout \1) : \2 gagne avec \3 et entame la levée suivante"),
    (r"^Declarer's side has won ([01]) trick with (\d+) to play: a claim of (\d+) in all is (possible|impossible)$",
     r"Le camp du déclarant a gagné \1 levée, \2 restent à jouer : réclamer \3 en tout est \4"),
    (r"^Declarer's side has won (\d+) tricks with (\d+) to play: a claim of (\d+) in all is (possible|impossible)$",
     r"Le camp du déclarant a gagné \1 levées, \2 restent à jouer : réclamer \3 en tout est \4"),
    (r"^Double dummy, (\w+) takes (\d+) tricks in (.+) whatever the contract's level$",
     r"À quatre jeux ouverts, \1 fait \2 levées à \3, quel que soit le palier du contrat"),
    (r"^(\S+) by (\w+), (\d+) tricks, vulnerable: (\w+), rules: (\S+)$",
     r"\1 joué par \2, \3 levées, vulnérables : \4, règles : \5"),
    (r"^(\S+) by (\w+), (\d+) tricks, rules: (\S+)$", r"\1 joué par \2, \3 levées, règles : \4"),
    (r"^  (N/S|E/W): (\d+) below the line, (\d+) above$", r"  \1 : \2 en dessous de la ligne, \3 au-dessus"),
    (r"^  no score for either side$", "  aucun point pour personne"),
    (r"^Table 1 N/S (\S+), table 2 N/S (\S+): difference (\S+)$", r"Table 1 N/S \1, table 2 N/S \2 : écart \3"),
    (r"^A difference of (\S+) is (\S+) IMPs?$", r"Un écart de \1 vaut \2 IMP"),
    (r"^Under (\S+), after four passes: zero for both sides \(score (\d+)\)$",
     r"Selon \1, après quatre passes : zéro pour les deux camps (score \2)"),
    (r"^Under (\S+), after four passes: no score; the next dealer deals \(score (\d+)\)$",
     r"Selon \1, après quatre passes : pas de score ; le donneur suivant donne (score \2)"),
    (r"^Under (\S+), after four passes: no score; the same dealer deals again \(score (\d+)\)$",
     r"Selon \1, après quatre passes : pas de score ; le même donneur redistribue (score \2)"),
    (r"^(\w+) dealt; (\w+) deals next$", r"\1 a donné ; \2 donne ensuite"),
    (r"^(\S+) \((.*)\): game at (\d+) trick points below the line, rubber bonus (\d+)$",
     r"\1 (\2) : manche à \3 points de levées en dessous de la ligne, prime de robre \4"),
    (r"^(\S+) \((.*)\): game at (\d+) trick points below the line$",
     r"\1 (\2) : manche à \3 points de levées en dessous de la ligne"),
    (r"^Deal (\d+): (\S+) by (\w+), (\d+) tricks: below the line N/S (\d+), E/W (\d+)$",
     r"Donne \1 : \2 joué par \3, \4 levées : en dessous de la ligne N/S \5, E/O \6"),
    (r"^  (N/S|E/W) reaches (\d+): game\.$", r"  \1 atteint \2 : manche."),
    (r"^  A line is drawn; both sides start the next game from zero\.$",
     "  On trace une ligne ; les deux camps repartent de zéro."),
    (r"^  (N/S|E/W) have two games: rubber, (\d+) above the line\.$",
     r"  \1 ont deux manches : robre, \2 au-dessus de la ligne."),
    (r"^  (N/S|E/W): (\d+) below the line \+ (\d+) above = (\d+)$",
     r"  \1 : \2 en dessous de la ligne + \3 au-dessus = \4"),
    (r"^  Totals (\d+) to (\d+): a draw\.$", r"  Totaux \1 à \2 : match nul."),
    (r"^  (N/S|E/W) win the rubber by (\d+) points, although (N/S|E/W) won two games\.$",
     r"  \1 gagnent le robre de \2 points, bien que \3 aient gagné deux manches."),
    (r"^  (N/S|E/W) win the rubber by (\d+) points\.$", r"  \1 gagnent le robre de \2 points."),
    (r"^Board +Open N/S +Closed N/S +Diff +IMPs$", "Donne  Ouv. N/S  Fermée N/S  Écart   IMP"),
    (r"^Total (\S+) IMPs for team A: team A wins$", r"Total \1 IMP pour l'équipe A : l'équipe A gagne"),
    (r"^Total (\S+) IMPs for team A: team B wins$", r"Total \1 IMP pour l'équipe A : l'équipe B gagne"),
    (r"^Total (\S+) IMPs for team A: a draw$", r"Total \1 IMP pour l'équipe A : match nul"),
    (r"^Double-dummy par under (\S+): N/S (\S+) \((.*)\)$", r"Par à quatre jeux ouverts selon \1 : N/S \2 (\3)"),
    (r"^The lowest legal bid in (.+) for (\w+) is (\S+)$", r"L'enchère légale la plus basse à \1 pour \2 est \3"),
    (r"^Table  result      N/S score   MP N/S  MP E/W   Butler  cross-IMPs$",
     "Table  résultat    score N/S   MP N/S  MP E/O   Butler  IMP croisés"),
    (r"^Matchpoint top (\S+); Butler datum (\S+) \(the mean, rounded to 10\)$",
     r"Top \1 en matchpoints ; datum Butler \2 (la moyenne, arrondie à 10)"),
    (r"^Matchpoint top (\S+)$", r"Top \1 en matchpoints"),
    (r"^  \(this figure needs the double-dummy solver: bridgekit lesson check --dds\)$",
     "  (ce chiffre demande le solveur à quatre jeux ouverts : bridgekit lesson check --dds)"),
]
_FR_WORDS_OUT = [
    (r"vulnerable: All\b", "vulnérables : tous"), (r"vulnerable: None\b", "vulnérables : personne"),
    (r"vulnérables : All\b", "vulnérables : tous"), (r"vulnérables : None\b", "vulnérables : personne"),
    (r"vulnérables : EW\b", "vulnérables : E/O"), (r"vulnérables : NS\b", "vulnérables : N/S"),
    (r"\bNorth\b", "Nord"), (r"\bSouth\b", "Sud"), (r"\bEast\b", "Est"), (r"\bWest\b", "Ouest"),
    (r"\bE/W\b", "E/O"), (r"\bno trump\b", "sans-atout"), (r"\bclubs\b", "trèfle"), (r"\bdiamonds\b", "carreau"),
    (r"\bhearts\b", "cœur"), (r"\bspades\b", "pique"), (r"\byes\b", "oui"), (r"\bno\b", "non"),
    (r"\bboth sides\b", "les deux camps"), (r"\bnobody\b", "personne"),
    (r"\btrick points\b", "points de levées"), (r"\bovertricks\b", "levées de mieux"),
    (r"\bundertricks\b", "levées de chute"), (r"\bpart-score bonus\b", "prime de partielle"),
    (r"\bgame bonus\b", "prime de manche"), (r"\bsmall slam bonus\b", "prime de petit chelem"),
    (r"\bgrand slam bonus\b", "prime de grand chelem"), (r"\bmaking redoubled\b", "surcontré réussi"),
    (r"\bmaking doubled\b", "contré réussi"), (r"\bredoubled contract made\b", "contrat surcontré réussi"),
    (r"\bdoubled contract made\b", "contrat contré réussi"), (r"\bsmall slam\b", "petit chelem"),
    (r"\bgrand slam\b", "grand chelem"), (r"\brubber bonus\b", "prime de robre"), (r"\bhonours\b", "honneurs"),
    (r"\baces\b", "as"), (r"\bodd\)", "impaires)"), (r"\bbelow\b", "dessous"), (r"\babove\b", "dessus"),
    (r"\bpassed out\b", "passée"),
]


_ROW = re.compile(r"^(  .*\S)\s{2,}([+-]?\d+)$")


def _keep_columns(pattern: str, repl: str, line: str) -> str:
    """``re.sub`` that keeps the next column in place: a run of two or more
    spaces after the match shrinks or grows by the change in length."""
    def swap(m: re.Match[str]) -> str:
        word = m.expand(repl) if "\\" in repl else repl
        pad = m.group(m.re.groups)
        if len(pad) >= 2:
            pad = " " * max(1, len(pad) + len(m.group(0)) - len(pad) - len(word))
        return word + pad
    return re.sub(f"(?:{pattern})( *)", swap, line)


def lines_fr(text: str) -> str:
    """Computed lines (one per line of ``text``) in French."""
    out = []
    for line in text.split("\n"):
        original = line
        for pattern, repl in _FR_LINES:
            line = re.sub(pattern, repl, line)
        for pattern, repl in _FR_WORDS_OUT:
            line = _keep_columns(pattern, repl, line)
        row = _ROW.match(line)
        if row and _ROW.match(original):  # a table row: its number stays right-aligned where it was
            line = row.group(1) + " " * max(2, len(original) - len(row.group(1)) - len(row.group(2))) + row.group(2)
        out.append(line)
    return "\n".join(out)


_DIAGRAM_WORDS = {"North": "Nord", "South": "Sud", "East": "Est", "West": "Ouest", "Dealer": "Donneur",
                  "Vul": "Vuln.", "Both": "tous", "None": "aucun", "Trick": "Levée", "Lead": "Ent.",
                  "Won": "Gain", "EW": "EO", "E-W": "E-O", "Pass": "passe"}
_DIAGRAM_RE = re.compile(r"^(" + "|".join(_DIAGRAM_WORDS) + r")(?![A-Za-z])")


def diagram_fr(text: str) -> str:
    """A diagram's labels in French, each word still starting in its column
    (pushed right only when the French word before it is longer)."""
    out = []
    for line in text.split("\n"):
        new = ""
        for m in re.finditer(r"\S+", line):
            word = _DIAGRAM_RE.sub(lambda w: _DIAGRAM_WORDS[w.group(1)], m.group(0))
            col = max(m.start(), len(new) + 1) if new else m.start()
            new += " " * (col - len(new)) + word
        out.append(new)
    return "\n".join(out)
