"""Words. For what the rules store (option labels, prompts), in English: :func:`label` (an item's name),
:func:`text` / :func:`ntext` (a sentence from a template marked with ``swrebellion.i18n.N_``, remembered so that it
can be shown in another language; its arguments may be ids, :class:`Marker` and :class:`Word` values, lists and
``{unit: count}``), :func:`card_prompt`, :func:`content_text` (a pack's ``{en, ru, tr}`` text) and :func:`die` (a
die face for a label). For what people read, in their language: :func:`name`, :func:`readable`, :func:`counted`,
:func:`localize` (a stored English label or prompt), :func:`told_apart` (the names of the cards that exist in a
space and a ground version) and the account's :class:`Words` and :func:`word`. For `rebellion show`: :class:`Phrases`, the words a card's
effect steps are made of (the ``effect_words`` hook), and :func:`join`."""

from __future__ import annotations

from ..names import (Marker, Word, card_prompt, content_text, counted, die, label, localize, name, ntext, readable, text,
                     told_apart)
from ..presentation.effect_words import Phrases, Wording, headings, join
from ..presentation.narration import Words, word

__all__ = ["label", "text", "ntext", "card_prompt", "content_text", "die", "Marker", "Word",
           "name", "readable", "counted", "localize", "told_apart", "Words", "word", "Phrases", "Wording", "headings", "join"]
