// The fuzz of every operation (bff/test/fuzz.ts), shard 3 of 3.
import { fuzzShard } from '../../test/fuzz.ts';

fuzzShard(2, 3);
