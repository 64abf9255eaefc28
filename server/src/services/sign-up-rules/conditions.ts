/**
 * Sign-up rule conditions: CEL expressions (cel.dev) over the sign-up, run by @bufbuild/cel.
 *
 * Why that library rather than @marcbachmann/cel-js: both are kept up and follow the CEL
 * specification, but @bufbuild/cel's `matches()` runs on an RE2 engine, in time linear in the
 * input, as the specification says it should. The e-mail a condition reads comes from whoever
 * signs up, any signed-in user of the internal project can write rules for a project of their
 * own, and one server process answers every project: with a backtracking engine (JavaScript's
 * RegExp, which the other library uses) one project's `email.matches("(a+)+$")` and one long
 * address would stall every project on that process. The price is that RE2 has no
 * backreferences, which Stack Auth's conditions allow.
 *
 * A condition is checked when it is saved (the config override check refuses one that does not
 * parse, is too long or too large) and planned once per process (a bounded cache). The
 * comprehension macros (all, exists, exists_one, map, filter) are refused: a rule needs none,
 * and nested ones cost the product of their lists' lengths.
 */
import { CelScalar, celEnv, isCelError, mapType, parse, plan } from "@bufbuild/cel";

export const CONDITION_MAX_LENGTH = 4_096;
const CONDITION_MAX_NODES = 500;
const PLAN_CACHE_SIZE = 500;

/** What a condition can read, as CEL sees it. */
export interface ConditionBindings {
  email: string;
  emailDomain: string;
  countryCode: string;
  authMethod: string;
  oauthProvider: string;
  riskScores: { bot: number; free_trial_abuse: number };
}

const env = celEnv({
  variables: {
    email: CelScalar.STRING,
    emailDomain: CelScalar.STRING,
    countryCode: CelScalar.STRING,
    authMethod: CelScalar.STRING,
    oauthProvider: CelScalar.STRING,
    riskScores: mapType(CelScalar.STRING, CelScalar.INT),
  },
});

type Parsed = ReturnType<typeof parse>;
type Expr = Parsed["expr"];
type Program = (bindings: Record<string, unknown>) => unknown;

/** The sub-expressions of one node, and whether it is a comprehension. */
function children(expr: Expr): Expr[] {
  const kind = expr.exprKind;
  switch (kind.case) {
    case "selectExpr":
      return kind.value.operand ? [kind.value.operand] : [];
    case "callExpr":
      return [...(kind.value.target ? [kind.value.target] : []), ...kind.value.args];
    case "listExpr":
      return kind.value.elements;
    case "structExpr":
      return kind.value.entries.flatMap((entry) => [
        ...(entry.keyKind.case === "mapKey" ? [entry.keyKind.value] : []),
        ...(entry.value ? [entry.value] : []),
      ]);
    default:
      return [];
  }
}

/** What keeps `parsed` from being a condition, or null. */
function shapeProblem(parsed: Parsed): string | null {
  const pending: Expr[] = [parsed.expr];
  let nodes = 0;
  while (pending.length > 0) {
    const expr = pending.pop()!;
    if (expr.exprKind.case === "comprehensionExpr") {
      return "the macros all, exists, exists_one, map and filter are not available in sign-up rules";
    }
    nodes += 1;
    if (nodes > CONDITION_MAX_NODES) return `the condition is too large (more than ${CONDITION_MAX_NODES} parts)`;
    pending.push(...children(expr));
  }
  return null;
}

function parseCondition(source: string): { parsed: Parsed } | { problem: string } {
  if (source.length > CONDITION_MAX_LENGTH) return { problem: `conditions are at most ${CONDITION_MAX_LENGTH} characters` };
  let parsed: Parsed;
  try {
    parsed = parse(source);
  } catch (error) {
    return { problem: `not a valid CEL expression: ${(error as Error).message}` };
  }
  const problem = shapeProblem(parsed);
  return problem ? { problem } : { parsed };
}

/** Why `source` cannot be saved as a condition, or null when it can. */
export function conditionProblem(source: string): string | null {
  const result = parseCondition(source);
  return "problem" in result ? result.problem : null;
}

const programs = new Map<string, Program | { problem: string }>();

function programFor(source: string): Program | { problem: string } {
  const cached = programs.get(source);
  if (cached) {
    // Most recently used last, so the oldest entry is the first to go.
    programs.delete(source);
    programs.set(source, cached);
    return cached;
  }
  const result = parseCondition(source);
  const program = "problem" in result ? result : (plan(env, result.parsed) as Program);
  programs.set(source, program);
  if (programs.size > PLAN_CACHE_SIZE) programs.delete(programs.keys().next().value!);
  return program;
}

export type ConditionResult = { ok: true; matches: boolean } | { ok: false; error: string };

/** Runs a condition; anything but a boolean (an error, another type) is a failure, never a match. */
export function evaluateCondition(source: string, bindings: ConditionBindings): ConditionResult {
  const program = programFor(source);
  if (typeof program !== "function") return { ok: false, error: program.problem };
  let value: unknown;
  try {
    value = program({
      ...bindings,
      riskScores: new Map([
        ["bot", BigInt(bindings.riskScores.bot)],
        ["free_trial_abuse", BigInt(bindings.riskScores.free_trial_abuse)],
      ]),
    });
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
  if (isCelError(value)) return { ok: false, error: value.message };
  if (typeof value !== "boolean") return { ok: false, error: `the condition gave a ${typeof value === "bigint" ? "number" : typeof value}, not true or false` };
  return { ok: true, matches: value };
}
