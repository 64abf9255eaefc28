export function TransactionsPage() {
  return null;
}
