// Bearer tokens on requests: optional everywhere (request.userId), required where a route asks for it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { issuedBeforePasswordChange, type TokenService } from '../services/accounts/tokens.ts';
import type { AuthStates } from '../services/accounts/authStates.ts';
import { HttpError } from './errors.ts';
import { messages } from './messages.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's user id from a valid access token, else null (anonymous). */
    userId: number | null;
    /** Seconds since the epoch at which the caller's access token was issued. */
    tokenIssuedAt: number | null;
    /** The password stamp the token carries (services/accounts/tokens.ts), or null for a token without one. */
    tokenPasswordChangedAt: number | null;
    /** True when an Authorization header was sent but its token was not accepted. */
    tokenRejected: boolean;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : '';
}

/** An invalid token on a public endpoint just means an anonymous caller. */
export function registerOptionalAuth(app: FastifyInstance, tokens: TokenService) {
  app.decorateRequest('userId', null);
  app.decorateRequest('tokenIssuedAt', null);
  app.decorateRequest('tokenPasswordChangedAt', null);
  app.decorateRequest('tokenRejected', false);
  // A callback hook, not an async one: the check is synchronous (services/accounts/tokens.ts) and needs no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = bearerToken(request);
    if (token === null) return done();
    const verified = token === '' ? null : tokens.verify(token, 'access');
    if (verified) {
      request.userId = verified.userId;
      request.tokenIssuedAt = verified.issuedAt;
      request.tokenPasswordChangedAt = verified.passwordChangedAt;
    } else {
      request.tokenRejected = true;
    }
    done();
  });
}

/**
 * A preHandler for endpoints that need a logged-in caller: 401 unless the token is valid, its user is
 * active, and the password has not changed since the token was issued.
 */
export function requireAuth(authStates: Pick<AuthStates, 'find'>) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (request.userId === null) throw new HttpError(401, { detail: request.tokenRejected ? messages.invalidToken : messages.notAuthenticated });
    const state = await authStates.find(request.userId);
    if (!state || !state.isActive || issuedBeforePasswordChange(request.tokenIssuedAt ?? 0, request.tokenPasswordChangedAt, state.passwordChangedAt)) {
      throw new HttpError(401, { detail: messages.invalidToken });
    }
  };
}
