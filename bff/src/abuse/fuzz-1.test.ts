// The fuzz of every operation (bff/test/fuzz.ts), shard 1 of 3.
import { fuzzShard } from '../../test/fuzz.ts';

fuzzShard(0, 3);
