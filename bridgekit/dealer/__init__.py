"""Dealer scripts: Hans van Staveren's ``dealer`` input language, run by
bridgekit with vectorised dealing and evaluation, and double-dummy tricks.

    from bridgekit.dealer import parse, run, Options
    program = parse(open("1nt.dl").read())
    result = run(program, Options(seed=1), sys.stdout.write)

``parse`` raises ``ScriptError`` (line and column); ``run`` raises
``EvaluationError`` for what fails on a deal (a division by zero).
"""

from .errors import ScriptError
from .evaluate import EvaluationError
from .parser import parse
from .run import Options, Result, limits, run

__all__ = ["ScriptError", "EvaluationError", "parse", "run", "Options", "Result", "limits"]
