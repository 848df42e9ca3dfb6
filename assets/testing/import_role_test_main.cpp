// gtest's main for test programs that load files through the import process: a copy of the test
// program, started with the import role's argument, serves as its import process.

#include <gtest/gtest.h>

#include "assets/import_child.h"

int main(int argc, char** argv) {
    assets::serve_import_role(argc, argv);
    testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
