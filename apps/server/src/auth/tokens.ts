/** Session tokens: HS256 JWTs carrying the user id, a token id and the user's token version. */
import { randomUUID } from 'node:crypto';

import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'storefleet';

export interface IssuedToken {
  token: string;
  tokenId: string;
  expiresAt: number;
}

export interface TokenClaims {
  userId: number;
  tokenId: string;
  tokenVersion: number;
  expiresAt: number;
}

export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** Signs a token for `userId` valid for the configured lifetime (12 h). */
  async issue(userId: number, tokenVersion: number): Promise<IssuedToken> {
    const tokenId = randomUUID();
    const expiresAtSeconds = Math.floor(Date.now() / 1000) + this.ttlSeconds;
    const token = await new SignJWT({ tv: tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(String(userId))
      .setJti(tokenId)
      .setIssuedAt()
      .setExpirationTime(expiresAtSeconds)
      .sign(this.key);
    return { token, tokenId, expiresAt: expiresAtSeconds * 1000 };
  }

  /** The claims of a valid, unexpired token signed by us; null for anything else. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER });
      const userId = Number(payload.sub);
      const tokenVersion = payload.tv;
      if (!Number.isSafeInteger(userId) || typeof tokenVersion !== 'number' || !payload.jti || !payload.exp) {
        return null;
      }
      return { userId, tokenId: payload.jti, tokenVersion, expiresAt: payload.exp * 1000 };
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
