// The cross-engine journeys (e2e/engines/suite.ts) in Debian's Firefox ESR over WebDriver BiDi.
import { defineEngineSuite } from './suite';

defineEngineSuite('firefox');
