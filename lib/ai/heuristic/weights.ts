// The tuned weights and windows of the heuristic engine's function calling, values, structured output
// and retrieval answers, in one table. Each entry names the benchmark whose tune half (or tuning
// paraphrase sets) set it; change one only with that benchmark's figures before and after.
// `npm run bench -- tool-args` is bench/tool-args.ts (BFCL tune half and the paraphrase sets);
// `bench/retrieval.ts --routes` is SciFact's tune half.

/** How strongly the words around a value settle its role in a source/target pair (function-calling/roles.ts). */
export const ROLE_EVIDENCE = {
  /** "from X", "to X", "X equivalent of", "how many X": set by tool-args, paraphrase set 6. */
  directionWord: 2,
  /** The value written with the amount ("60 EUR") is what is converted: set by tool-args, set 6. */
  withAmount: 1,
} as const;
