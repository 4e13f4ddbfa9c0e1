"""Rules profiles, found through a registry: ``contract`` (duplicate, the
default), ``auction-1920`` and ``auction-classic``.

Bidding and play are identical in all three (see ``bridgekit.auction`` and
``bridgekit.play``); a profile holds what differs: how a deal scores and what
four passes mean, which ledger keeps the scores, how par is found and which
PBN ``Scoring`` values select it.  ``find_profile`` is the one registry;
callers resolve a name once and then ask the profile, never its name.

The model and the registry are in ``base``; a new profile is one module that
subclasses ``base.Profile`` (implementing ``score``) and registers an
instance, plus its import below.  Par under any profile is
``bridgekit.analysis.par.par(table, vul, dealer, profile.score)``.
"""

from __future__ import annotations

from .base import (ABOVE, BELOW, BoardLedger, Ledger, PassedOut, Profile, RubberLedger, Score, ScoreItem,
                   default_profile, find_profile, profile_for_scoring, profile_names, profiles, register,
                   rubber_profile, unregister)
# The profiles, registered as their modules load.
from .duplicate import CONTRACT
from . import auction_bridge  # noqa: F401

DEFAULT: Profile = CONTRACT

__all__ = ["ABOVE", "BELOW", "BoardLedger", "CONTRACT", "DEFAULT", "Ledger", "PassedOut", "Profile", "RubberLedger",
           "Score", "ScoreItem", "default_profile", "find_profile", "profile_for_scoring", "profile_names",
           "profiles", "register", "rubber_profile", "unregister"]
