/** fleet-rate.suite.ts with the store: the fleet's rate, its concurrency and its pauses held across eight processes. */
import { describeFleetRate } from './fleet-rate.suite.js';

describeFleetRate(true);
