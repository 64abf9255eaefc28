/** An error the CLI reports in one line, with its exit code, instead of a stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
  ) {
    super(message);
  }
}
