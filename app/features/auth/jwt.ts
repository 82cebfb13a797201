// Reading a JWT's claims on the device (never trusted: the server verifies every token).
type JwtPayload = { exp?: number };

/** The payload of a JWT, or null when it is not one. */
export function decodeJwt<T = JwtPayload>(token: string): T | null {
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    return JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as T;
  } catch {
    return null;
  }
}
