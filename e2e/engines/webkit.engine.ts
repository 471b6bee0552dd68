// The cross-engine journeys (e2e/engines/suite.ts) in WebKitGTK (MiniBrowser) through WebKitWebDriver.
import { defineEngineSuite } from './suite';

defineEngineSuite('webkit');
