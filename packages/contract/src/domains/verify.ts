/** Verification of pickup and virtual-goods codes by verifiers, and the verifier records (issue 9). */
export const verifyEndpoints = {};
