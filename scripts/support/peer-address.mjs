// Preloaded into the Next.js server (`node --import`) by scripts/start.ts: Next.js gives route
// handlers no socket address (it fills X-Forwarded-For with the peer only when the client sent
// none), so every request is stamped with its peer here, overwriting anything the client sent.
// Keep the header name and marker in step with lib/net/peer-address.ts.
import http from 'node:http';

const HEADER = 'x-verity-peer-address';
const emit = http.Server.prototype.emit;

http.Server.prototype.emit = function emitWithPeer(event, ...args) {
  if (event === 'request') {
    const [request] = args;
    request.headers[HEADER] = request.socket?.remoteAddress ?? '';
  }
  return emit.call(this, event, ...args);
};

globalThis[Symbol.for('verity.peer-address')] = true;
