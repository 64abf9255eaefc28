/** Why a query was refused or failed, in words fit for its author (ANALYTICS_QUERY_ERROR). */
export class AnalyticsQueryProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AnalyticsQueryProblem";
  }
}
