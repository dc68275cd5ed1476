/** store-chaos.suite.ts over node-redis: Redis silent (SIGSTOP), the fallback, the rejoin, a claim given up. */
import { describeStoreChaos } from './store-chaos.suite.js';

describeStoreChaos('redis');
