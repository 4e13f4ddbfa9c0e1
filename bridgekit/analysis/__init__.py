"""Analysis built on the double-dummy solver: par under any rules profile
(``par``) and the post-mortem of a played board (``postmortem``)."""
