/**
 * Turns a parsed ClickHouse query into one PostgreSQL SELECT that can read only the asking
 * project's rows. This is the security boundary of the built-in analytics engine, so it is
 * an allow-list over the parse tree, built so that nothing from the query reaches the SQL
 * unexamined:
 *
 * - only a single SELECT (with WITH, UNION, joins and subqueries) or SHOW TABLES/GRANTS; any
 *   other statement, SETTINGS, FORMAT or a table function is refused;
 * - a table name resolves to a WITH name of the query or to one of the virtual tables
 *   (tables.ts), each emitted as a subquery already filtered by project and branch ($1, $2);
 *   every other name (system.*, information_schema.*, the real tables) is unknown;
 * - a function resolves only through functions.ts, which emits PostgreSQL's own;
 * - every string literal and parameter is a bound parameter, numbers are emitted only after
 *   matching a numeric pattern, and identifiers are always double-quoted with quotes doubled,
 *   so a name can only ever be a column of the relations in scope.
 *
 * Anything the translator does not know is refused with a message, never passed through.
 */
import { findFunction, pgTypeFor, type FunctionContext } from "./functions";
import { AnalyticsQueryProblem } from "./problem";
import { ANALYTICS_DATABASE, VIRTUAL_TABLE_NAMES, findVirtualTable } from "./tables";
import { clickHouseTypeName, displayName } from "./names";

/* eslint-disable @typescript-eslint/no-explicit-any -- the parser's tree is plain JSON, checked node by node below */
type Node = any;

export interface TranslateOptions {
  params: Record<string, unknown>;
  engine: "pglite" | "postgres";
}

export interface Translation {
  /** One SELECT; $1 and $2 are the project and branch, the rest the bound values in `params`. */
  sql: string;
  params: unknown[];
  /** The result's column names, in order, and the SQL alias each has. */
  columns: Array<{ name: string; alias: string }>;
}

/** At most this many tables may be named in one query, so that no query joins without end. */
export const MAX_TABLE_REFERENCES = 8;

interface Relation {
  alias: string;
  columns: string[];
}

interface Scope {
  relations: Relation[];
  outer: Scope | undefined;
  ctes: Map<string, string[]>;
}

const refuse = (message: string): never => {
  throw new AnalyticsQueryProblem(message);
};

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const NUMBER = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const PG_IDENT_BYTES = 63;

class Translator implements FunctionContext {
  readonly values: unknown[] = [];
  readonly projectParam = "$1";
  readonly branchParam = "$2";
  private tableReferences = 0;
  private subqueryCount = 0;

  constructor(
    private readonly options: TranslateOptions,
    projectId: string,
    branchId: string,
  ) {
    this.values.push(projectId, branchId);
  }

  get engine() {
    return this.options.engine;
  }

  bind(value: unknown, pgType: string): string {
    this.values.push(value);
    return `$${this.values.length}::${pgType}`;
  }

  // ---- statements ---------------------------------------------------------------------

  statement(statement: Node): Translation {
    const [kind] = Object.keys(statement ?? {});
    if (kind === "Query") {
      const query = this.query(statement.Query, { relations: [], outer: undefined, ctes: new Map() });
      return { sql: query.sql, params: this.values, columns: query.columns };
    }
    if (kind === "ShowTables") return this.staticRows("name", VIRTUAL_TABLE_NAMES);
    if (kind === "ShowVariable" && statement.ShowVariable.variable?.length === 1 && /^grants$/i.test(statement.ShowVariable.variable[0].value)) {
      // The column is named as ClickHouse names it for SHOW GRANTS sent with Stack Auth's FORMAT suffix.
      return this.staticRows("GRANTS FORMAT JSONEachRow", VIRTUAL_TABLE_NAMES.map((t) => `GRANT SELECT ON ${ANALYTICS_DATABASE}.${t} TO limited_user`));
    }
    return refuse(`Only SELECT queries can be run here (and SHOW TABLES or SHOW GRANTS); this is a ${kind ?? "statement"} statement, which is not allowed in read-only mode.`);
  }

  private staticRows(column: string, rows: readonly string[]): Translation {
    const sql = `SELECT v AS c0 FROM unnest(${this.bind(rows, "text[]")}) AS v`;
    return { sql, params: this.values, columns: [{ name: column, alias: "c0" }] };
  }

  // ---- queries ------------------------------------------------------------------------

  /** A query with its WITH, ORDER BY and LIMIT; `scope.relations` are the enclosing query's, for correlation. */
  query(query: Node, scope: Scope): { sql: string; columns: Array<{ name: string; alias: string }> } {
    if (query.settings?.length) {
      return refuse(`Cannot modify '${query.settings[0].key.value}' setting in readonly mode.`);
    }
    if (query.format_clause !== undefined) refuse("FORMAT cannot be given: results are always JSON rows.");
    if (query.fetch !== undefined || query.for_clause !== undefined || query.locks?.length || query.pipe_operators?.length) {
      refuse("This query uses a clause the built-in analytics engine does not support.");
    }
    const ctes = new Map(scope.ctes);
    let sql = "";
    if (query.with) {
      if (query.with.recursive) refuse("WITH RECURSIVE is not supported.");
      const parts: string[] = [];
      for (const cte of query.with.cte_tables) {
        if (cte.alias.columns?.length || cte.materialized !== undefined || cte.from !== undefined) refuse("This form of WITH is not supported.");
        const name = cte.alias.name.value as string;
        const inner = this.query(cte.query, { relations: [], outer: undefined, ctes });
        ctes.set(name, inner.columns.map((c) => c.name));
        parts.push(`${quoteIdent(name)} AS (${this.namedColumnsSql(inner)})`);
      }
      sql += `WITH ${parts.join(", ")} `;
    }
    const inner: Scope = { relations: [], outer: scope.relations.length ? scope : scope.outer, ctes };
    const body = this.setExpr(query.body, inner);
    sql += body.sql;
    if (query.order_by) sql += ` ORDER BY ${this.orderBy(query.order_by, body.scope ?? inner, body.columns)}`;
    if (query.limit_clause) sql += this.limit(query.limit_clause, inner);
    return { sql, columns: body.columns };
  }

  /** Inner queries keep the names their columns are known by, so that outer queries can use them. */
  private namedColumnsSql(query: { sql: string; columns: Array<{ name: string; alias: string }> }): string {
    if (query.columns.every((c) => c.alias === c.name)) return query.sql;
    const list = query.columns.map((c) => `${quoteIdent(c.alias)} AS ${quoteIdent(c.name)}`).join(", ");
    return `SELECT ${list} FROM (${query.sql}) AS ${quoteIdent(`__renamed_${++this.subqueryCount}`)}`;
  }

  private setExpr(body: Node, scope: Scope): { sql: string; columns: Array<{ name: string; alias: string }>; scope?: Scope } {
    const [kind] = Object.keys(body ?? {});
    if (kind === "Select") return this.select(body.Select, scope);
    if (kind === "Query") {
      const inner = this.query(body.Query, scope);
      return { sql: `(${inner.sql})`, columns: inner.columns };
    }
    if (kind === "SetOperation") {
      const { left, right, op, set_quantifier: quantifier } = body.SetOperation;
      const ops: Record<string, string> = { Union: "UNION", Except: "EXCEPT", Intersect: "INTERSECT" };
      const sqlOp = ops[op as string] ?? refuse(`${String(op)} is not supported.`);
      const all = quantifier === "All" ? " ALL" : quantifier === "Distinct" || quantifier === "None" ? "" : refuse("This set quantifier is not supported.");
      const l = this.setExpr(left, scope);
      const r = this.setExpr(right, scope);
      if (l.columns.length !== r.columns.length) refuse("The two sides of a set operation must select as many columns.");
      return { sql: `(${l.sql}) ${sqlOp}${all} (${r.sql})`, columns: l.columns };
    }
    return refuse(`${kind ?? "This"} queries are not supported.`);
  }

  private select(select: Node, outer: Scope): { sql: string; columns: Array<{ name: string; alias: string }>; scope: Scope } {
    const unsupported = [
      select.top,
      select.into,
      select.qualify,
      select.value_table_mode,
      select.exclude,
      select.select_modifiers,
      select.connect_by?.length ? true : undefined,
      select.lateral_views?.length ? true : undefined,
      select.cluster_by?.length ? true : undefined,
      select.distribute_by?.length ? true : undefined,
      select.sort_by?.length ? true : undefined,
      select.named_window?.length ? true : undefined,
    ];
    if (unsupported.some((v) => v !== undefined)) refuse("This query uses a SELECT clause the built-in analytics engine does not support.");
    const scope: Scope = { relations: [], outer: outer.relations.length ? outer : outer.outer, ctes: outer.ctes };

    const from = (select.from ?? []).map((item: Node) => this.tableWithJoins(item, scope));
    let sql = "SELECT ";
    if (select.distinct !== undefined) sql += select.distinct === "Distinct" ? "DISTINCT " : refuse("DISTINCT ON is not supported.");

    const columns: Array<{ name: string; alias: string }> = [];
    const items: string[] = [];
    const add = (expr: string, name: string) => {
      const alias = Buffer.byteLength(name) <= PG_IDENT_BYTES && !name.startsWith("__col_") ? name : `__col_${columns.length}`;
      columns.push({ name, alias });
      items.push(`${expr} AS ${quoteIdent(alias)}`);
    };
    for (const item of select.projection) {
      const [kind] = Object.keys(item);
      if (kind === "UnnamedExpr") add(this.expr(item.UnnamedExpr, scope), this.columnName(item.UnnamedExpr, scope));
      else if (kind === "ExprWithAlias") add(this.expr(item.ExprWithAlias.expr, scope), item.ExprWithAlias.alias.value);
      else if (kind === "Wildcard" || kind === "QualifiedWildcard") {
        const options = kind === "Wildcard" ? item.Wildcard : item.QualifiedWildcard[1];
        if (["opt_ilike", "opt_exclude", "opt_except", "opt_replace", "opt_rename", "opt_alias"].some((k) => options?.[k] !== undefined)) {
          refuse("Wildcard modifiers are not supported.");
        }
        let relations = scope.relations;
        if (kind === "QualifiedWildcard") {
          const qualifier = item.QualifiedWildcard[0];
          const parts: Node[] = qualifier.ObjectName ?? refuse("This wildcard is not supported.");
          const alias = parts.map((p: Node) => p.Identifier?.value).join(".");
          relations = scope.relations.filter((r) => r.alias === alias);
          if (relations.length === 0) refuse(`Unknown table ${alias} in ${alias}.*`);
        }
        if (relations.length === 0) refuse("SELECT * needs a FROM clause.");
        for (const relation of relations) for (const column of relation.columns) add(`${quoteIdent(relation.alias)}.${quoteIdent(column)}`, column);
      } else refuse("This select item is not supported.");
    }
    sql += items.join(", ");
    if (from.length) sql += ` FROM ${from.join(", ")}`;

    const conditions = [select.prewhere, select.selection].filter((c) => c !== undefined).map((c) => this.condition(c, scope));
    if (conditions.length) sql += ` WHERE ${conditions.join(" AND ")}`;

    const groupBy = select.group_by;
    if (groupBy && !("Expressions" in groupBy)) refuse("GROUP BY ALL is not supported.");
    const [groupExprs, modifiers] = groupBy?.Expressions ?? [[], []];
    if (modifiers?.length) refuse("GROUP BY modifiers (ROLLUP, CUBE, TOTALS) are not supported.");
    if (groupExprs.length) sql += ` GROUP BY ${groupExprs.map((e: Node) => this.groupKey(e, scope, columns)).join(", ")}`;
    if (select.having !== undefined) sql += ` HAVING ${this.condition(select.having, scope)}`;
    return { sql, columns, scope };
  }

  /** GROUP BY and ORDER BY may name a select alias, as in ClickHouse. */
  private groupKey(expr: Node, scope: Scope, columns: Array<{ name: string; alias: string }>): string {
    if (expr.Identifier && !this.isColumn(expr.Identifier.value, scope)) {
      const column = columns.find((c) => c.name === expr.Identifier.value);
      if (column) return quoteIdent(column.alias);
    }
    return this.expr(expr, scope);
  }

  private orderBy(orderBy: Node, scope: Scope, columns: Array<{ name: string; alias: string }>): string {
    if (orderBy.interpolate !== undefined || !orderBy.kind?.Expressions) refuse("This ORDER BY is not supported.");
    return orderBy.kind.Expressions.map((item: Node) => {
      if (item.with_fill !== undefined) refuse("ORDER BY ... WITH FILL is not supported.");
      let sql = this.groupKey(item.expr, scope, columns);
      if (item.options?.asc === true) sql += " ASC";
      if (item.options?.asc === false) sql += " DESC";
      if (item.options?.nulls_first === true) sql += " NULLS FIRST";
      if (item.options?.nulls_first === false) sql += " NULLS LAST";
      return sql;
    }).join(", ");
  }

  private limit(clause: Node, scope: Scope): string {
    const count = (expr: Node) => `(${this.expr(expr, scope)})::bigint`;
    if (clause.LimitOffset) {
      const { limit, offset, limit_by: limitBy } = clause.LimitOffset;
      if (limitBy?.length) refuse("LIMIT BY is not supported.");
      return `${limit !== undefined ? ` LIMIT ${count(limit)}` : ""}${offset !== undefined ? ` OFFSET ${count(offset.value)}` : ""}`;
    }
    if (clause.OffsetCommaLimit) return ` LIMIT ${count(clause.OffsetCommaLimit.limit)} OFFSET ${count(clause.OffsetCommaLimit.offset)}`;
    return refuse("This LIMIT is not supported.");
  }

  // ---- tables -------------------------------------------------------------------------

  private tableWithJoins(item: Node, scope: Scope): string {
    let sql = this.tableFactor(item.relation, scope);
    for (const join of item.joins ?? []) {
      if (join.global) refuse("GLOBAL joins are not supported.");
      const [kind] = Object.keys(join.join_operator);
      const constraint = join.join_operator[kind!];
      const kinds: Record<string, string> = { Join: "JOIN", Inner: "JOIN", Left: "LEFT JOIN", LeftOuter: "LEFT JOIN", Right: "RIGHT JOIN", RightOuter: "RIGHT JOIN", FullOuter: "FULL JOIN", CrossJoin: "CROSS JOIN" };
      const keyword = kinds[kind!] ?? refuse(`${String(kind)} joins are not supported.`);
      const right = this.tableFactor(join.relation, scope);
      if (kind === "CrossJoin") {
        sql += ` CROSS JOIN ${right}`;
        continue;
      }
      if (constraint?.On !== undefined) sql += ` ${keyword} ${right} ON ${this.condition(constraint.On, scope)}`;
      else if (constraint?.Using !== undefined) {
        const names = constraint.Using.map((n: Node) => (n.Identifier?.value as string | undefined) ?? refuse("This USING column is not supported."));
        sql += ` ${keyword} ${right} USING (${names.map(quoteIdent).join(", ")})`;
      } else refuse("A join needs ON or USING.");
    }
    return sql;
  }

  private tableFactor(factor: Node, scope: Scope): string {
    if (++this.tableReferences > MAX_TABLE_REFERENCES) refuse(`A query may name at most ${MAX_TABLE_REFERENCES} tables.`);
    const [kind] = Object.keys(factor ?? {});
    if (kind === "Table") {
      const table = factor.Table;
      if (table.args !== undefined) refuse("Table functions are not available: only the project's tables can be read.");
      if (table.sample !== undefined || table.version !== undefined || table.with_hints?.length || table.partitions?.length || table.json_path !== undefined) {
        refuse("This table clause is not supported.");
      }
      const parts: string[] = table.name.map((p: Node) => p.Identifier?.value ?? refuse("This table name is not supported."));
      const fullName = parts.join(".");
      const alias = this.alias(table.alias) ?? parts[parts.length - 1]!;
      if (parts.length === 1 && scope.ctes.has(parts[0]!)) {
        scope.relations.push({ alias, columns: scope.ctes.get(parts[0]!)! });
        return `${quoteIdent(parts[0]!)} AS ${quoteIdent(alias)}`;
      }
      const name = parts.length === 2 && parts[0] === ANALYTICS_DATABASE ? parts[1]! : parts.length === 1 ? parts[0]! : undefined;
      const virtual = name !== undefined ? findVirtualTable(name) : undefined;
      if (virtual) {
        scope.relations.push({ alias, columns: [...virtual.columns] });
        return `(${virtual.sql}) AS ${quoteIdent(alias)}`;
      }
      if (fullName === "system.one") {
        scope.relations.push({ alias, columns: ["dummy"] });
        return `(SELECT 0 AS dummy) AS ${quoteIdent(alias)}`;
      }
      if (fullName === "system.tables") {
        scope.relations.push({ alias, columns: ["database", "name"] });
        return `(SELECT ${this.bind(ANALYTICS_DATABASE, "text")} AS database, n AS name FROM unnest(${this.bind(VIRTUAL_TABLE_NAMES, "text[]")}) AS n) AS ${quoteIdent(alias)}`;
      }
      return refuse(`Unknown table expression identifier '${fullName}': the tables that can be read are ${VIRTUAL_TABLE_NAMES.join(", ")}.`);
    }
    if (kind === "Derived") {
      const derived = factor.Derived;
      if (derived.lateral) refuse("LATERAL is not supported.");
      const inner = this.query(derived.subquery, { relations: [], outer: undefined, ctes: scope.ctes });
      const alias = this.alias(derived.alias) ?? `__subquery_${++this.subqueryCount}`;
      scope.relations.push({ alias, columns: inner.columns.map((c) => c.name) });
      return `(${this.namedColumnsSql(inner)}) AS ${quoteIdent(alias)}`;
    }
    if (kind === "NestedJoin") {
      const nested = factor.NestedJoin;
      if (nested.alias !== undefined) refuse("An alias on a parenthesised join is not supported.");
      return `(${this.tableWithJoins(nested.table_with_joins, scope)})`;
    }
    if (kind === "Function" || kind === "TableFunction") refuse("Table functions are not available: only the project's tables can be read.");
    return refuse(`${kind ?? "This"} table expressions are not supported.`);
  }

  private alias(alias: Node): string | undefined {
    if (alias === undefined) return undefined;
    if (alias.columns?.length) refuse("Column aliases on a table are not supported.");
    return alias.name.value;
  }

  private isColumn(name: string, scope: Scope | undefined): boolean {
    for (let s = scope; s; s = s.outer) if (s.relations.some((r) => r.columns.includes(name))) return true;
    return false;
  }

  private relation(alias: string, scope: Scope | undefined): Relation | undefined {
    for (let s = scope; s; s = s.outer) {
      const found = s.relations.find((r) => r.alias === alias);
      if (found) return found;
    }
    return undefined;
  }

  private columnName(expr: Node, scope: Scope): string {
    if (expr.CompoundIdentifier) {
      const parts = expr.CompoundIdentifier.map((p: Node) => p.value as string);
      if (parts.length === 2 && this.relation(parts[0]!, scope)) return parts[1]!;
    }
    return displayName(expr);
  }

  // ---- expressions --------------------------------------------------------------------

  /** An expression where ClickHouse takes a number as a truth value: `WHERE 1`. */
  condition(expr: Node, scope: Scope): string {
    const literal = expr?.Value?.value?.Number;
    if (literal) return Number(literal[0]) !== 0 ? "TRUE" : "FALSE";
    if (expr?.Nested !== undefined) return `(${this.condition(expr.Nested, scope)})`;
    if (expr?.BinaryOp && (expr.BinaryOp.op === "And" || expr.BinaryOp.op === "Or")) {
      return `(${this.condition(expr.BinaryOp.left, scope)} ${expr.BinaryOp.op === "And" ? "AND" : "OR"} ${this.condition(expr.BinaryOp.right, scope)})`;
    }
    if (expr?.UnaryOp?.op === "Not") return `(NOT ${this.condition(expr.UnaryOp.expr, scope)})`;
    return this.expr(expr, scope);
  }

  expr(expr: Node, scope: Scope): string {
    const [kind] = Object.keys(expr ?? {});
    const node = expr?.[kind!];
    switch (kind) {
      case "Identifier":
        return quoteIdent(node.value);
      case "CompoundIdentifier":
        return this.compoundIdentifier(node.map((p: Node) => p.value as string), scope);
      case "Value":
        return this.literal(node.value);
      case "Dictionary":
        return this.parameter(node);
      case "Nested":
        return `(${this.expr(node, scope)})`;
      case "UnaryOp": {
        const ops: Record<string, string> = { Not: "NOT ", Minus: "-", Plus: "+" };
        if (node.op === "Not") return `(NOT ${this.condition(node.expr, scope)})`;
        return `(${ops[node.op] ?? refuse(`The operator ${String(node.op)} is not supported.`)}${this.expr(node.expr, scope)})`;
      }
      case "BinaryOp":
        return this.binary(node, scope);
      case "IsNull":
        return `(${this.expr(node, scope)} IS NULL)`;
      case "IsNotNull":
        return `(${this.expr(node, scope)} IS NOT NULL)`;
      case "InList":
        return `(${this.expr(node.expr, scope)} ${node.negated ? "NOT IN" : "IN"} (${node.list.map((e: Node) => this.expr(e, scope)).join(", ")}))`;
      case "InSubquery":
        return `(${this.expr(node.expr, scope)} ${node.negated ? "NOT IN" : "IN"} (${this.subquery(node.subquery, scope)}))`;
      case "Between":
        return `(${this.expr(node.expr, scope)} ${node.negated ? "NOT BETWEEN" : "BETWEEN"} ${this.expr(node.low, scope)} AND ${this.expr(node.high, scope)})`;
      case "Like":
      case "ILike": {
        if (node.any || node.escape_char !== undefined) refuse("This LIKE form is not supported.");
        const op = `${node.negated ? "NOT " : ""}${kind === "Like" ? "LIKE" : "ILIKE"}`;
        return `((${this.expr(node.expr, scope)})::text ${op} (${this.expr(node.pattern, scope)})::text)`;
      }
      case "Case": {
        let sql = "CASE";
        if (node.operand !== undefined) sql += ` ${this.expr(node.operand, scope)}`;
        for (const { condition, result } of node.conditions) {
          sql += ` WHEN ${node.operand !== undefined ? this.expr(condition, scope) : this.condition(condition, scope)} THEN ${this.expr(result, scope)}`;
        }
        if (node.else_result !== undefined) sql += ` ELSE ${this.expr(node.else_result, scope)}`;
        return `${sql} END`;
      }
      case "Cast": {
        if (node.format !== undefined) refuse("CAST ... FORMAT is not supported.");
        const type = clickHouseTypeName(node.data_type);
        const pgType = (type && pgTypeFor(type)) ?? refuse(`The type ${type ?? "given"} is not supported in a cast.`);
        return `(${this.expr(node.expr, scope)})::${pgType}`;
      }
      case "Function":
        return this.call(node, scope);
      case "Array": {
        if (node.elem.length === 0) return "ARRAY[]::text[]";
        return `ARRAY[${node.elem.map((e: Node) => this.expr(e, scope)).join(", ")}]`;
      }
      case "Subquery":
        return `(${this.subquery(node, scope)})`;
      case "Exists":
        return `(${node.negated ? "NOT " : ""}EXISTS (${this.subquery(node.subquery, scope)}))`;
      case "Interval": {
        const units: Record<string, string> = { Second: "secs", Minute: "mins", Hour: "hours", Day: "days", Week: "weeks", Month: "months", Year: "years" };
        if (node.last_field !== undefined || node.leading_precision !== undefined || node.fractional_seconds_precision !== undefined) refuse("This INTERVAL form is not supported.");
        const unit = units[node.leading_field as string] ?? refuse("An INTERVAL needs a unit: SECOND, MINUTE, HOUR, DAY, WEEK, MONTH or YEAR.");
        return `make_interval(${unit} => (${this.expr(node.value, scope)})::int)`;
      }
      default:
        return refuse(`${kind ?? "This"} expressions are not supported by the built-in analytics engine.`);
    }
  }

  private subquery(query: Node, scope: Scope): string {
    return this.query(query, scope).sql;
  }

  /** `alias.column`, or a path into a JSON column (`data.path`), as ClickHouse reads subcolumns. */
  private compoundIdentifier(parts: string[], scope: Scope): string {
    let column: string;
    let path: string[];
    if (this.relation(parts[0]!, scope)) {
      column = `${quoteIdent(parts[0]!)}.${quoteIdent(parts[1]!)}`;
      path = parts.slice(2);
    } else if (this.isColumn(parts[0]!, scope)) {
      column = quoteIdent(parts[0]!);
      path = parts.slice(1);
    } else return refuse(`Unknown identifier ${parts.join(".")}.`);
    return path.length ? `((${column})::jsonb #>> ${this.bind(path, "text[]")})` : column;
  }

  private literal(value: Node): string {
    if (value === "Null") return "NULL";
    if (value?.Number) {
      const text = String(value.Number[0]);
      if (!NUMBER.test(text)) refuse(`${text} is not a number.`);
      return /^\d+$/.test(text) && text.length < 10 ? text : `${text}::numeric`;
    }
    if (value?.SingleQuotedString !== undefined) return this.bind(value.SingleQuotedString, "text");
    if (value?.Boolean !== undefined) return value.Boolean ? "TRUE" : "FALSE";
    return refuse("This literal is not supported.");
  }

  private parameter(entries: Node): string {
    if (!Array.isArray(entries) || entries.length !== 1) refuse("A parameter is written {name:Type}.");
    const name = entries[0].key.value as string;
    const type = clickHouseTypeName(entries[0].value) ?? refuse(`The type of parameter ${name} is not supported.`);
    const pgType = pgTypeFor(type) ?? refuse(`The type ${type} of parameter ${name} is not supported.`);
    if (!Object.hasOwn(this.options.params, name)) refuse(`Substitution \`${name}\` is not set: the query needs a value for the parameter ${name}.`);
    return this.bind(parameterValue(name, this.options.params[name], pgType, /^Nullable\(/.test(type)), pgType);
  }

  private binary(node: Node, scope: Scope): string {
    const ops: Record<string, string> = {
      Plus: "+",
      Minus: "-",
      Multiply: "*",
      Modulo: "%",
      Eq: "=",
      NotEq: "<>",
      Lt: "<",
      LtEq: "<=",
      Gt: ">",
      GtEq: ">=",
      StringConcat: "||",
    };
    if (node.op === "And" || node.op === "Or") return this.condition({ BinaryOp: node }, scope);
    const left = this.expr(node.left, scope);
    const right = this.expr(node.right, scope);
    // ClickHouse's / always divides as floating point.
    if (node.op === "Divide") return `((${left})::double precision / NULLIF((${right})::double precision, 0))`;
    const op = ops[node.op as string] ?? refuse(`The operator ${String(node.op)} is not supported.`);
    return `(${left} ${op} ${right})`;
  }

  private call(node: Node, scope: Scope): string {
    if (node.name.length !== 1) refuse("Qualified function names are not supported.");
    const name = node.name[0].Identifier?.value as string;
    if (node.over !== undefined || node.filter !== undefined || node.null_treatment !== undefined || node.within_group?.length || node.parameters !== "None") {
      refuse(`${name}: window functions, FILTER and parametric aggregates are not supported.`);
    }
    const list = node.args === "None" ? { args: [] } : node.args?.List ?? refuse(`${name}: these arguments are not supported.`);
    if (list.clauses?.length) refuse(`${name}: these argument clauses are not supported.`);
    const rawArgs: Node[] = list.args.map((arg: Node) => {
      if (arg.Unnamed === "Wildcard" && name === "count") return undefined;
      return arg.Unnamed?.Expr ?? refuse(`${name}: only plain arguments are supported.`);
    });
    const args = rawArgs.filter((a) => a !== undefined);
    const distinct = list.duplicate_treatment === "Distinct";

    if (name === "getSetting") {
      const setting = args[0]?.Value?.value?.SingleQuotedString;
      if (args.length !== 1 || setting === undefined) refuse("getSetting takes the name of a setting.");
      if (setting === "SQL_project_id") return `${this.projectParam}::text`;
      if (setting === "SQL_branch_id") return `${this.branchParam}::text`;
      return refuse(`Setting ${setting} is not available.`);
    }

    const fn = findFunction(name, this.engine) ?? refuse(`Unknown function ${name}: the built-in analytics engine does not have it.`);
    const [min, max] = fn.kind === "scalar" ? fn.spec.arity : fn.arity;
    if (args.length < min || args.length > max) refuse(`${name} takes ${min === max ? min : `${min} to ${max}`} arguments, not ${args.length}.`);
    if (fn.kind === "aggregate") {
      if (!fn.conditional) return fn.emit(args.map((a) => this.expr(a, scope)), distinct);
      const conditionAt = args.length - 1;
      const values = args.slice(0, conditionAt).map((a) => this.expr(a, scope));
      return `${fn.emit(values, distinct)} FILTER (WHERE ${this.condition(args[conditionAt], scope)})`;
    }
    if (distinct) refuse(`${name} is not an aggregate: DISTINCT does not apply.`);
    const emitted = args.map((a, i) => (name === "if" && i === 0 ? this.condition(a, scope) : this.expr(a, scope)));
    return fn.spec.emit(emitted, this);
  }
}

/** A parameter's value checked against its declared type, so that a bad value is the author's error, not the database's. */
function parameterValue(name: string, value: unknown, pgType: string, nullable: boolean): unknown {
  if (value === null) return nullable ? null : refuse(`Parameter ${name} is null, but its type is not Nullable.`);
  const wrong = () => refuse(`Parameter ${name} does not fit its type.`);
  if (pgType.endsWith("[]")) {
    if (!Array.isArray(value)) return wrong();
    return value.map((v) => parameterValue(name, v, pgType.slice(0, -2), nullable));
  }
  switch (pgType) {
    case "text":
      return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? String(value) : wrong();
    case "int":
    case "bigint":
      return (typeof value === "number" && Number.isInteger(value)) || (typeof value === "string" && /^-?\d{1,19}$/.test(value)) ? String(value) : wrong();
    case "double precision":
      return (typeof value === "number" && Number.isFinite(value)) || (typeof value === "string" && NUMBER.test(value.replace(/^-/, ""))) ? String(value) : wrong();
    case "boolean":
      return typeof value === "boolean" ? value : value === 1 || value === "1" || value === "true" ? true : value === 0 || value === "0" || value === "false" ? false : wrong();
    case "date":
    case "timestamptz": {
      const date = typeof value === "number" ? new Date(value) : typeof value === "string" ? new Date(/^\d{4}-\d\d-\d\d \d/.test(value) ? `${value.replace(" ", "T")}Z` : value) : undefined;
      return date && !Number.isNaN(date.getTime()) ? date.toISOString() : wrong();
    }
    case "jsonb":
      return JSON.stringify(value);
    default:
      return wrong();
  }
}

/** Translates one parsed statement for the given project and branch. */
export function translateStatement(statement: unknown, tenancy: { projectId: string; branchId: string }, options: TranslateOptions): Translation {
  return new Translator(options, tenancy.projectId, tenancy.branchId).statement(statement);
}
