import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * What each OpenID scope lets an app do, in words for the person asked (the authorize page)
 * and for the person looking back (account settings' connected apps), in this order.
 */
const SCOPE_WORDS: ReadonlyArray<readonly [string, MessageDescriptor]> = [
  ["openid", msg`Know your account ID`],
  ["profile", msg`See your name and profile picture`],
  ["email", msg`See your e-mail address`],
  ["teams", msg`See the teams you belong to`],
  ["offline_access", msg`Stay connected when you are not using it`],
];

export interface ScopesInWords {
  /** The OpenID scopes among `scopes`, in words, in a fixed order. */
  worded: MessageDescriptor[];
  /** The rest as they are (an API's own scopes, such as `notes:read`). */
  others: string[];
}

export function scopesInWords(scopes: readonly string[]): ScopesInWords {
  const asked = new Set(scopes);
  const known = new Set(SCOPE_WORDS.map(([scope]) => scope));
  return {
    worded: SCOPE_WORDS.filter(([scope]) => asked.has(scope)).map(([, words]) => words),
    others: [...asked].filter((scope) => !known.has(scope)),
  };
}
