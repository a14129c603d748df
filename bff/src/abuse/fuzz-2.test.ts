// The fuzz of every operation (bff/test/fuzz.ts), shard 2 of 3.
import { fuzzShard } from '../../test/fuzz.ts';

fuzzShard(1, 3);
