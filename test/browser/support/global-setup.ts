import { ensureWebBuilt } from "../../../scripts/web-build.mjs";

/**
 * Builds the web app once, before any browser test file starts. Files run two at a time, and
 * two files finding web/dist stale together would each rebuild it, one emptying the folder
 * the other's server is serving from.
 */
export default function setup() {
  ensureWebBuilt();
}
