import { knownErrors, type KnownErrorCode, type KnownErrorDetails } from "./catalogue";

type DetailsArgs<C extends KnownErrorCode> = keyof KnownErrorDetails<C> extends never ? [] : [KnownErrorDetails<C>];

/** Thrown by routes and services; the HTTP layer renders it as `{code, error, details?}`. */
export class KnownError<C extends KnownErrorCode = KnownErrorCode> extends Error {
  readonly status: number;
  readonly details: KnownErrorDetails<C>;
  /** Answered as bare status and text, as Stack Auth answers this refusal (errors/define.ts). */
  readonly plain: boolean;

  constructor(
    readonly code: C,
    ...args: DetailsArgs<C>
  ) {
    const details = (args[0] ?? {}) as KnownErrorDetails<C>;
    const spec = knownErrors[code] as { status: number; message: (d: KnownErrorDetails<C>) => string; plain?: true };
    super(spec.message(details));
    this.name = "KnownError";
    this.status = spec.status;
    this.details = details;
    this.plain = spec.plain === true;
  }
}

export function isKnownError(error: unknown): error is KnownError {
  return error instanceof KnownError;
}
