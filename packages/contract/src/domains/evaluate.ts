/** Evaluations: writing them (add, again) and what an order may still evaluate (issue 9). */
export const evaluateEndpoints = {};
