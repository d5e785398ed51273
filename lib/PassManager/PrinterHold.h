// SPDX-License-Identifier: Apache-2.0
//===- PrinterHold.h - a test's hold on the first forked printer ----------===//
//
// Internal to lib/PassManager; see PrinterHold.c.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_LIB_PASSMANAGER_PRINTERHOLD_H
#define IRS_LIB_PASSMANAGER_PRINTERHOLD_H

/// Called by each forked printer (not a printer's second printer) before
/// it prints; returns at once unless IRS_TEST_PRINTER_HOLD is set.
void irsPrinterHold(void);

#endif
