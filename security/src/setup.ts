// Denied writes are the point of this suite: keep the SDK from logging each one as a warning.
import { setLogLevel } from 'firebase/firestore';

setLogLevel('error');
