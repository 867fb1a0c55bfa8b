"""`touti play SPEC --seed N [--rounds K] [--format json]`."""

from __future__ import annotations

import json

from touti_dsl.cli import main


def test_transcript(capsys):
    assert main(["play", "atlas-carta", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("== round 1 (atlas-carta, deal seed 4)\n")
    assert "-- trick 10:" in out or "void round" in out
    assert "score changes" in out


def test_json_rounds_replay(capsys):
    """Each JSON round replays on the engine to the same result."""
    from touti_dsl.engine import Game

    assert main(["play", "tute", "--seed", "2", "--rounds", "3", "--format", "json"]) == 0
    rounds = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["round"], r["deal_seed"]) for r in rounds] == [(1, 2), (2, 3), (3, 4)]
    game = Game.from_spec("tute")
    for r in rounds:
        state = game.new_round(hands=r["hands"], dealer=r["dealer"], turned=r["turned"], scores=[0, 0])
        for seat, action in r["actions"]:
            state.apply(seat, action)
        assert state.round_result() == r["result"]
    assert [r["dealer"] for r in rounds] == [0, 1, 2]


def test_same_seed_same_transcript(capsys):
    main(["play", "touti-app", "--seed", "9", "--rounds", "2"])
    first = capsys.readouterr().out
    main(["play", "touti-app", "--seed", "9", "--rounds", "2"])
    assert capsys.readouterr().out == first


def test_bad_spec_and_setting(capsys, tmp_path):
    assert main(["play", str(tmp_path / "missing.touti"), "--seed", "1"]) == 1
    assert "missing.touti" in capsys.readouterr().err
    assert main(["play", "touti-app", "--seed", "1", "--set", "target=5"]) == 2  # a usage error, like argparse's
    assert "match.target" in capsys.readouterr().err


def test_each_level_of_a_match_in_cotos_is_a_setting(capsys):
    """guinote-two-cotos: `--set games=2 --set cotos=2` plays cotos of two games, and each round says the counts."""
    assert main(["play", "guinote-two-cotos", "--set", "games=2", "--set", "cotos=2", "--seed", "3", "--rounds", "40"]) == 0
    out = capsys.readouterr().out
    counts = [line.strip() for line in out.splitlines() if line.startswith("  games won")]
    assert counts and counts[-1].endswith(("cotos won 2 / 0", "cotos won 2 / 1", "cotos won 0 / 2", "cotos won 1 / 2"))
    assert "match over" in out
    assert main(["play", "guinote-two-cotos", "--set", "cotos=4", "--seed", "3"]) != 0
    assert "4 is not a choice of match.cotos" in capsys.readouterr().err


def test_a_match_kept_per_player_names_its_winning_seats(capsys):
    """Where the sides change each round the match's entries are seats: its winner is a seat, not "the defenders"."""
    from touti_dsl.cli import main

    assert main(["play", "spec/examples/tute-subastado-three-tute-wins.touti", "--rounds", "30", "--seed", "3"]) == 0
    over = [line for line in capsys.readouterr().out.splitlines() if "match over" in line]
    assert over and over[-1].endswith("match over: seat 1 wins")


def test_the_transcript_draws_when_the_winner_draws(capsys):
    """Under `table.draw_time after_window` each draw line follows the winner's `draw`, not the trick."""
    assert main(["play", "spec/examples/tute-habanero-swap-before-draw.touti", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    draws = [i for i, line in enumerate(lines) if line.startswith("  -- draw: ")]
    assert len(draws) == 12 and all(lines[i - 1].endswith(": draw") for i in draws)


def test_the_last_draw_after_a_swap_under_the_stock_names_the_card_left_there(capsys):
    """Tute habanero, seed 5: seat 1 swaps the seven of oros for the turned 6 of oros under the stock, so the last
    player to draw takes the seven, not the card the deal turned."""
    assert main(["play", "tute-habanero", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "turned card: 6o" in out and "  seat 1: swap\n" in out
    assert out.split("  -- draw: ")[-1].startswith("seat 0 12b, seat 1 7o\n")
