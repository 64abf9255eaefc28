import type { OAuthAuthorization } from "@gatehouse/clients/react";

/** The app asking, once its request has been read: a later sign-in step (another account, a fresh sign-in) names it. */
export type AskingApp = OAuthAuthorization["client"];

/** Why the sign-in step is shown again: said above the sign-in methods. */
export type SignInNotice = { kind: "fresh-sign-in" } | { kind: "session-ended" } | { kind: "failed"; message: string };

export type OnNotice = (notice: SignInNotice | null) => void;

/** Signs out of the project and shows the sign-in step again, saying why (nothing for another account). */
export type StartOver = (why: SignInNotice | null) => void;
