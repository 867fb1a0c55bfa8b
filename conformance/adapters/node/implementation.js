// ============================================================================
//  YOUR IMPLEMENTATION HERE
//
//  adapter.js calls these methods; replace their bodies with calls into your game.
//  A "round" is whatever object your game uses for the state of one round: adapter.js
//  only passes it back to you. Seats are 0-3 in play order; cards are written
//  "<rank><suit code>" ("1o", "12c"); actions are texts ("bid 80", "pass",
//  "play 3c", "ghna copas", "concede"; "bid rank 3" where the bids name ranks,
//  `bidding.bids: ranks`, then "call 3c" for the called card): adapter.js hands each
//  text to apply() as it comes, see docs/conformance/case-format.md#actions.
//
//  Throw `new NotSupported("why")` for anything your game does not do yet: the runner
//  reports that case as skipped (with your reason) instead of failed.
// ============================================================================
'use strict';

class NotSupported extends Error {}

module.exports = {
  NotSupported,

  // Shown in the report.
  name: 'my-touti (node skeleton)',

  // The rule systems your game implements, e.g. ['atlas-carta']. Cases of other systems
  // are answered "skipped".
  systems: [],

  // setup: { hands: [[10 cards] x 4], dealer?, first_speaker?, turned?, settings?, scores? }
  newRound(system, setup) {
    throw new NotSupported('newRound is not implemented yet');
  },

  // Do the action. Return { ok: true } when accepted, or, when your game refuses it,
  // { ok: false, rule: 'play.overtake', message: 'why' } with the spec's rule id, and leave
  // the round unchanged: the case goes on after a refusal.
  apply(round, seat, action) {
    throw new NotSupported('apply is not implemented yet');
  },

  // The legal actions of a seat now, as action texts (any order): in an auction on ranks, "bid rank N" for each
  // rank after the last one called, then the bids in points once the last rank is called.
  legalActions(round, seat) {
    throw new NotSupported('legalActions is not implemented yet');
  },

  // The seats that may act now (any order).
  actors(round) {
    throw new NotSupported('actors is not implemented yet');
  },

  // The winner of the last completed trick, or null before the first.
  lastTrickWinner(round) {
    throw new NotSupported('lastTrickWinner is not implemented yet');
  },

  // The round result as an object (null while the round is not over); the runner compares
  // only the keys a case names: see docs/conformance/case-format.md.
  roundResult(round) {
    throw new NotSupported('roundResult is not implemented yet');
  },

  // The match result as an object (null while the match is not over).
  matchResult(round) {
    throw new NotSupported('matchResult is not implemented yet');
  },

  // Start the next round of the match with these hands (and turned card, if any); return
  // the new round object, with .dealer (or null) and .first_speaker set.
  nextRound(round, hands, turned) {
    throw new NotSupported('nextRound is not implemented yet');
  },
};
