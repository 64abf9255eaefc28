/**
 * Names read off the parse tree: the column name ClickHouse gives an expression that has no
 * alias (`count()`, `currentDatabase()`), and the ClickHouse type a cast or parameter names.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the parser's tree is plain JSON */
type Node = any;

/** ClickHouse's name for an unaliased select expression, for the common forms; a readable form otherwise. */
export function displayName(expr: Node): string {
  const [kind] = Object.keys(expr ?? {});
  const node = expr?.[kind!];
  switch (kind) {
    case "Identifier":
      return node.value;
    case "CompoundIdentifier":
      return node.map((p: Node) => p.value).join(".");
    case "Value": {
      const value = node.value;
      if (value === "Null") return "NULL";
      if (value?.Number) return String(value.Number[0]);
      if (value?.SingleQuotedString !== undefined) return `'${String(value.SingleQuotedString).replace(/'/g, "\\'")}'`;
      if (value?.Boolean !== undefined) return String(value.Boolean);
      return "value";
    }
    case "Function": {
      const name = node.name.map((p: Node) => p.Identifier?.value).join(".");
      const list = node.args?.List;
      const args = (list?.args ?? []).map((a: Node) => (a.Unnamed === "Wildcard" ? "*" : displayName(a.Unnamed?.Expr)));
      return `${name}(${list?.duplicate_treatment === "Distinct" ? "DISTINCT " : ""}${args.join(", ")})`;
    }
    case "Dictionary":
      return `_CAST(${node[0]?.key?.value ?? ""})`;
    case "Nested":
      return displayName(node);
    case "Array":
      return `[${node.elem.map(displayName).join(", ")}]`;
    case "BinaryOp":
      return `${displayName(node.left)} ${String(node.op)} ${displayName(node.right)}`;
    case "Cast":
      return `CAST(${displayName(node.expr)}, '${clickHouseTypeName(node.data_type) ?? "?"}')`;
    default:
      return kind ? kind.toLowerCase() : "expression";
  }
}

/**
 * The ClickHouse type named by a parsed data type, or by a parameter's type expression
 * (`String`, `Nullable(String)`, `DateTime64(3)`, `Array(UInt8)`).
 */
export function clickHouseTypeName(type: Node): string | undefined {
  if (typeof type === "string") return type;
  if (type === null || typeof type !== "object") return undefined;
  // A parameter's type, parsed as an expression.
  if (type.Identifier) return type.Identifier.value;
  if (type.Function) {
    const name = type.Function.name.map((p: Node) => p.Identifier?.value).join(".");
    const args = (type.Function.args?.List?.args ?? []).map((a: Node) => {
      const e = a.Unnamed?.Expr;
      return e?.Value ? String(e.Value.value?.Number?.[0] ?? e.Value.value?.SingleQuotedString ?? "") : clickHouseTypeName(e);
    });
    return `${name}(${args.join(", ")})`;
  }
  // A data type of a cast.
  const keys = Object.keys(type);
  if (keys.length !== 1) return undefined;
  const key = keys[0]!;
  const inner = type[key];
  if (key === "Nullable" || key === "LowCardinality") {
    const t = clickHouseTypeName(inner);
    return t ? `${key}(${t})` : undefined;
  }
  if (key === "Array") {
    const element = inner?.AngleBracket ?? inner?.Parenthesis ?? inner?.SquareBracket?.[0];
    const t = clickHouseTypeName(element);
    return t ? `Array(${t})` : undefined;
  }
  if (key === "Custom") return Array.isArray(inner) ? inner[0]?.map?.((p: Node) => p.Identifier?.value ?? p.value).join(".") : undefined;
  return key;
}
