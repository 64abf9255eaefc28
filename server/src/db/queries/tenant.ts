/** The (project, branch) pair that scopes every tenant row. */
export interface Tenant {
  projectId: string;
  branchId: string;
}
