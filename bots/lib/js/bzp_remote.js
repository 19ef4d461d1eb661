'use strict';
/*
 * bzp_remote.js: a bot of bzp.js at a remote seat (doc/network.md,
 * protocol.md §14), used by bzp.run() when BEZIQUE_CONNECT is set.
 *
 * Connects to BEZIQUE_CONNECT (HOST:PORT), over TLS when BEZIQUE_PIN
 * (sha256:HEX, the fingerprint the arbiter prints) is set, says
 * `hello bzp=1 name=BEZIQUE_SEAT token=BEZIQUE_TOKEN resume=0|1` and, once
 * welcome, hands each line to the session.  A drop before `quit` is
 * followed by a new connection with resume=1 (0.2 s, doubling to 5 s, for
 * BEZIQUE_RETRY_FOR seconds, 60 by default).  Exits 0 after quit, 1 with
 * one line on stderr when refused or when it gives up.  Node only.
 */
const crypto = require('crypto');
const net = require('net');
const tls = require('tls');

function serve(handle, state, setOutput, log) {
  const env = process.env;
  const addr = env.BEZIQUE_CONNECT;
  const pin = env.BEZIQUE_PIN;
  const retryFor = Number(env.BEZIQUE_RETRY_FOR || '60');
  const cut = addr.lastIndexOf(':');
  if (!env.BEZIQUE_SEAT || !env.BEZIQUE_TOKEN || cut < 0 || !(retryFor >= 0)) {
    log('bzp.js: BEZIQUE_CONNECT=HOST:PORT needs BEZIQUE_SEAT, BEZIQUE_TOKEN ' +
        'and a BEZIQUE_RETRY_FOR of seconds');
    process.exit(1);
  }
  const host = addr.slice(0, cut).replace(/^\[|\]$/g, '');
  const port = Number(addr.slice(cut + 1));
  let delay = 200;
  let deadline = null;
  let why = '';

  const again = () => {
    if (deadline === null) deadline = Date.now() + retryFor * 1000;
    if (Date.now() >= deadline) {
      log(`bzp.js: gave up after ${retryFor} s (${why})`);
      process.exit(1);
    }
    setTimeout(attempt, delay);
    delay = Math.min(delay * 2, 5000);
  };

  function attempt() {
    // No authority: the pinned fingerprint is the only trust.
    const sock = pin ? tls.connect({ host, port, rejectUnauthorized: false })
      : net.connect({ host, port });
    let buf = '';
    let welcomed = false;
    sock.on(pin ? 'secureConnect' : 'connect', () => {
      if (pin) {
        const got = 'sha256:' + crypto.createHash('sha256')
          .update(sock.getPeerCertificate().raw).digest('hex');
        if (got !== pin.toLowerCase()) {
          log(`bzp.js: the arbiter's certificate is ${got}, not the pinned ${pin}`);
          process.exit(1);
        }
      }
      sock.write(`hello bzp=1 name=${env.BEZIQUE_SEAT} token=${env.BEZIQUE_TOKEN} ` +
                 `resume=${state.handshaken ? 1 : 0}\n`);
    });
    sock.on('data', (data) => {
      buf += data.toString('utf8');
      let nl;
      while ((nl = buf.indexOf('\n')) >= 0 && !state.quitting) {
        const line = buf.slice(0, nl).replace(/\r$/, '');
        buf = buf.slice(nl + 1);
        if (welcomed) {
          handle(line);
        } else if (line.startsWith('welcome')) {
          welcomed = true;
          delay = 200;
          deadline = null;
          setOutput((text) => sock.write(text));
        } else {
          log('bzp.js: the arbiter refused: ' + line.replace(/^refused /, ''));
          process.exit(1);
        }
      }
      // Quit: done, whether or not the arbiter has closed yet.
      if (state.quitting) sock.end(() => process.exit(0));
    });
    sock.on('error', (err) => { why = `${addr}: ${err.message}`; });
    sock.on('close', () => {
      if (state.quitting) process.exit(0);
      if (welcomed) {
        why = 'the connection dropped';
        log(`bzp.js: the connection dropped: trying again for ${retryFor} s`);
      } else if (!why) {
        why = 'the connection closed before the answer to hello';
      }
      again();
    });
  }

  attempt();
}

module.exports = { serve };
