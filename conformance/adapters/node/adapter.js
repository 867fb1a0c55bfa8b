#!/usr/bin/env node
// Touti conformance adapter, protocols 1 and 2: the plumbing between `touti conform` and your game.
//
// Run:   touti conform --impl "node conformance/adapters/node/adapter.js" --system atlas-carta
//
// The runner writes one JSON object per line on stdin; this file answers one JSON object
// per line on stdout (anything else you print must go to stderr). You should not need to
// edit this file: put your game behind the object exported by implementation.js (or point
// the TOUTI_IMPLEMENTATION environment variable at another module with the same methods).
// Protocol reference: docs/conformance/protocol.md.  No dependencies: Node >= 14.
'use strict';

const path = require('path');
const readline = require('readline');

// Protocol 2 to a runner that offers it: the hello then declares pipelining, since the requests are read
// as a stream of lines and each is answered before the next is read (the runner may write them ahead).
const PROTOCOLS = [1, 2];
const implementation = require(process.env.TOUTI_IMPLEMENTATION
  ? path.resolve(process.env.TOUTI_IMPLEMENTATION)
  : './implementation.js');

function send(message) {
  process.stdout.write(JSON.stringify(message) + '\n');
}

// One output per step, in the shape the protocol asks for. `refuse` steps are played like
// `apply`: the runner, not the adapter, knows which actions must be refused.
function runStep(round, step) {
  switch (step.op) {
    case 'apply':
    case 'refuse':
      return { round, output: implementation.apply(round, step.seat, step.action) };
    case 'legal':
      return { round, output: { actions: implementation.legalActions(round, step.seat) } };
    case 'actors':
      return { round, output: { seats: implementation.actors(round) } };
    case 'trick_winner':
      return { round, output: { seat: implementation.lastTrickWinner(round) } };
    case 'round_result':
      return { round, output: implementation.roundResult(round) };
    case 'match_result':
      return { round, output: implementation.matchResult(round) };
    case 'next_round': {
      const next = implementation.nextRound(round, step.hands, step.turned);
      return { round: next, output: { dealer: next.dealer, first_speaker: next.first_speaker } };
    }
    default:
      throw new Error(`unknown step op ${JSON.stringify(step.op)}`);
  }
}

function runCase(request) {
  if (!implementation.systems.includes(request.system)) {
    return { type: 'skipped', id: request.id, reason: `system ${request.system} is not supported` };
  }
  try {
    let round = implementation.newRound(request.system, request.setup);
    const outputs = [];
    for (const step of request.steps) {
      const done = runStep(round, step);
      round = done.round;
      outputs.push(done.output);
    }
    return { type: 'result', id: request.id, outputs };
  } catch (error) {
    if (error instanceof implementation.NotSupported) {
      return { type: 'skipped', id: request.id, reason: error.message };
    }
    return { type: 'errored', id: request.id, message: String(error && error.stack || error) };
  }
}

function answer(line) {
  let request;
  try {
    request = JSON.parse(line);
  } catch (error) {
    return { type: 'errored', id: null, message: `request is not JSON: ${error.message}` };
  }
  switch (request && request.type) {
    case 'hello': {
      const offered = Array.isArray(request.protocols) ? request.protocols : [request.protocol || 1];
      const hello = { type: 'hello', protocol: 1, implementation: implementation.name, systems: implementation.systems };
      return offered.includes(2) && PROTOCOLS.includes(2) ? { ...hello, protocol: 2, pipelining: true } : hello;
    }
    case 'case':
      return runCase(request);
    case 'stop':
      return null;
    default:
      return { type: 'errored', id: (request && request.id) || null, message: `unknown request ${JSON.stringify(request && request.type)}` };
  }
}

const input = readline.createInterface({ input: process.stdin, terminal: false });
input.on('line', (line) => {
  if (!line.trim()) return;
  const reply = answer(line);
  if (reply === null) {
    input.close();
    return;
  }
  send(reply);
});
input.on('close', () => process.exit(0));
