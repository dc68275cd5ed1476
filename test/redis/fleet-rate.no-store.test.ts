/** fleet-rate.suite.ts without the store: each worker on its own gate goes over all three (the figures of docs/rate-limits.md). */
import { describeFleetRate } from './fleet-rate.suite.js';

describeFleetRate(false);
