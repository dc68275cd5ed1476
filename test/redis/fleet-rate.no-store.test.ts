/** fleet-rate.suite.ts without the store: each worker on its own gate goes over all three (the README's figures). */
import { describeFleetRate } from './fleet-rate.suite.js';

describeFleetRate(false);
