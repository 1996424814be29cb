"""The malformed records under tests/records/manille name the faulty field in their reason.

The records themselves (exit status 2, ``hands: []``, ``scores: null``, ``next: null``) are checked by
tests/test_cases.py; here each one's reason must also point at the field that is wrong.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support import TESTS, replay_record

RECORDS = TESTS / "records" / "manille"

#: Record name -> a word the reason must contain (the field, or what is wrong).
FIELD = {
    "malformed_not_json": "JSON",
    "malformed_not_an_object": "record",
    "malformed_format": "format",
    "malformed_format_missing": "format",
    "malformed_game": "game",
    "malformed_players_5": "players",
    "malformed_players_string": "players",
    "malformed_unknown_option": "turned_card_bonus",
    "malformed_option_target_string": "target",
    "malformed_option_target_zero": "target",
    "malformed_option_target_float": "target",
    "malformed_option_bool_as_number": "must_beat",
    "malformed_options_not_object": "options",
    "malformed_options_players_disagree": "players",
    "malformed_doubling_three_players": "doubling",
    "malformed_auction_three_players": "auction",
    "malformed_start_scores_length": "start_scores",
    "malformed_start_scores_partners_differ": "start_scores",
    "malformed_start_scores_not_integer": "start_scores",
    "malformed_start_scores_string": "start_scores",
    "malformed_hands_not_list": "hands",
    "malformed_hand_without_dealer": "dealer",
    "malformed_hand_without_deal": "deal",
    "malformed_hand_without_actions": "actions",
    "malformed_actions_not_list": "actions",
    "malformed_dealer_not_a_seat": "dealer",
    "malformed_dealer_three_players": "dealer",
    "malformed_deal_not_object": "deal",
    "malformed_deal_without_hands": "deal",
    "malformed_hand_entry_not_object": "hand",
    "malformed_deal_short_hand": "deal",
    "malformed_deal_three_hands": "deal",
    "malformed_deal_duplicate": "deal",
    "malformed_deal_card_six": "deal",
    "malformed_deal_card_knight": "deal",
    "malformed_deal_card_tarot": "deal",
    "malformed_deal_card_not_string": "deal",
    "malformed_three_players_seven_of_spades": "deal",
    "malformed_turned_missing": "turned",
    "malformed_turned_null": "turned",
    "malformed_turned_not_dealers": "turned",
    "malformed_turned_not_a_card": "turned",
    "malformed_turned_with_auction": "turned",
    "malformed_turned_three_players_7c": "turned",
    "malformed_dealer_rotation": "dealer",
    "malformed_action_not_object": "action",
    "malformed_action_seat_missing": "seat",
    "malformed_action_seat_out_of_range": "seat",
    "malformed_action_seat_string": "seat",
    "malformed_action_seat_bool": "seat",
    "malformed_action_seat_three_players": "seat",
    "malformed_action_no_verb": "verb",
    "malformed_action_two_verbs": "verb",
    "malformed_action_unknown_verb": "verb",
    "malformed_action_extra_key": "hidden",
    "malformed_action_play_suit_key": "suit",
    "malformed_play_card_outside_deck": "play",
    "malformed_play_not_string": "play",
    "malformed_play_7c_three_players": "play",
    "malformed_call_word": "call",
    "malformed_bid_float": "bid",
    "malformed_bid_string_number": "bid",
    "malformed_bid_word": "bid",
    "malformed_bid_without_suit": "suit",
    "malformed_bid_bad_suit": "suit",
    "malformed_bid_pass_with_suit": "suit",
    "form_error_wins_over_earlier_illegal_action": "play",
    "form_error_in_later_hand_wins": "deal",
    "form_error_rotation_wins": "dealer",
    "hand_after_incomplete_hand": "hand",
    "hand_after_match_over": "match",
    # House rules and table talk.
    "house_french_with_last_trick_bonus": "options.last_trick_bonus",
    "house_french_partner_exemption_false": "options.partner_exemption",
    "house_belgian_partner_exemption_false": "options.partner_exemption",
    "house_belgian_with_auction": "options.auction",
    "house_french_three_players": "options.house",
    "house_belgian_three_players": "options.house",
    "house_unknown_value": "options.house",
    "house_not_a_string": "options.house",
    "house_upper_case": "options.house",
    "talk_three_players": "options.talk",
    "talk_not_a_boolean": "options.talk",
    "french_turned_card_required": "deal.turned",
    "belgian_turned_card_not_allowed": "deal.turned",
    "malformed_trump_word_upper_case": "action.trump",
    "malformed_trump_suit_name": "action.trump",
    "malformed_trump_not_a_string": "action.trump",
    "malformed_trump_with_extra_key": "suit",
    "malformed_say_unknown_word": "action.say",
    "malformed_say_upper_case_word": "action.say",
    "malformed_say_count_without_suit": "action.suit",
    "malformed_say_count_without_number": "action.count",
    "malformed_say_count_not_integer": "action.count",
    "malformed_say_count_boolean": "action.count",
    "malformed_say_holds_without_card": "action.card",
    "malformed_say_holds_with_suit": "action.suit",
    "malformed_say_lead_with_card": "action.card",
    "malformed_say_card_outside_deck": "action.card",
    "malformed_say_bad_suit": "action.suit",
    "malformed_say_unknown_key": "to",
}


@pytest.mark.parametrize(("name", "field"), sorted(FIELD.items()))
def test_reason_names_the_field(name: str, field: str) -> None:
    out, status = replay_record((RECORDS / f"{name}.json").read_text())
    assert status == 2
    reason = out["error"]["reason"]
    assert field.lower() in reason.lower(), reason
    assert "Traceback" not in reason


def test_every_malformed_record_is_listed() -> None:
    """Each record whose expectation is exit 2 appears in FIELD, so none escapes the field check."""
    malformed = {
        path.name.removesuffix(".expect.json")
        for path in RECORDS.glob("*.expect.json")
        if json.loads(path.read_text()).get("exit") == 2
    }
    assert malformed == set(FIELD)


def test_listed_records_exist() -> None:
    assert all(Path(RECORDS / f"{name}.json").exists() for name in FIELD)
