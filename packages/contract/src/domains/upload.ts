/** Uploads: images members send with evaluations, refunds and complaints (issue 9). */
export const uploadEndpoints = {};
