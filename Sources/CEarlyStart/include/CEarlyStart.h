// Linked into the eventplayer executable only (not into the test runners): puts eventplayer's
// SWIFT_BACKTRACE settings in place before the Swift runtime reads them, without an exec.
// See EarlyStart.c.
#ifndef EVENTPLAYER_EARLY_START_H
#define EVENTPLAYER_EARLY_START_H

/// Puts back the environment entry whose slot the pre-initialisation borrowed for SWIFT_BACKTRACE
/// (none when the variable was already set, or nothing was changed). Call it first thing in main,
/// before anything reads the environment; later calls do nothing.
void eventplayer_early_start_finish(void);

#endif
