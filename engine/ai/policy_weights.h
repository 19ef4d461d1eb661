/*
 * policy_weights.h: the learned simulation policy's weights (rollout.h),
 * one per feature of policy_features.h, lowest score played.
 * Until `make weights-policy` writes it: the hand-set scale
 * (rollout_weights) on those features.
 */
#define POLICY_WEIGHTS { 1, 60, 22, 15, 20, 8, 4, 5, 10, -1, 0, 0, 0, -9, \
	10, 4, 40, -100, -9, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }
