// fake-indexeddb must be installed before Dexie is imported anywhere (TOOLCHAIN.md).
import 'fake-indexeddb/auto';
