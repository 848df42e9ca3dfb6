#include "app/core/file_browser.h"

#include <unistd.h>
#include <fstream>

#include <gtest/gtest.h>

namespace app {
namespace {

/// A folder of the test's own, removed at the end.
struct Folder {
    std::filesystem::path path;
    Folder() {
        path = std::filesystem::temp_directory_path() /
               ("raypick_browser_test_" + std::to_string(::getpid()));
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
    }
    ~Folder() { std::filesystem::remove_all(path); }
    void file(const std::string& name, std::size_t bytes = 1) const {
        std::ofstream(path / name) << std::string(bytes, 'x');
    }
};

std::vector<std::string> names(const FileBrowser& browser) {
    std::vector<std::string> out;
    for (const FileEntry& e : browser.entries())
        out.push_back(e.display_name);
    return out;
}

TEST(FileBrowser, FoldersFirstThenTheModelsALoaderReads) {
    Folder folder;
    std::filesystem::create_directories(folder.path / "zoo");
    std::filesystem::create_directories(folder.path / "Animals");
    std::filesystem::create_directories(folder.path / ".cache");
    folder.file("bunny.obj", 10);
    folder.file("Dragon.PLY", 20);
    folder.file("notes.txt");
    folder.file(".hidden.obj");
    FileBrowser browser({".obj", ".ply"});
    ASSERT_TRUE(browser.open(folder.path)) << browser.error();
    EXPECT_EQ(names(browser),
              (std::vector<std::string>{"Animals", "zoo", "bunny.obj", "Dragon.PLY"}));
    EXPECT_TRUE(browser.entries()[0].directory);
    EXPECT_EQ(browser.entries()[2].bytes, 10u);
    browser.show_every_file = true;
    browser.show_hidden = true;
    browser.refresh();
    EXPECT_EQ(names(browser), (std::vector<std::string>{".cache", "Animals", "zoo", ".hidden.obj",
                                                        "bunny.obj", "Dragon.PLY", "notes.txt"}));
    EXPECT_EQ(browser.filter_text(), "*.obj *.ply");
}

TEST(FileBrowser, AnUnreadableFolderKeepsThePreviousListingAndSaysWhy) {
    Folder folder;
    folder.file("a.obj");
    FileBrowser browser({".obj"});
    ASSERT_TRUE(browser.open(folder.path));
    EXPECT_FALSE(browser.open(folder.path / "missing"));
    EXPECT_NE(browser.error().find("missing"), std::string::npos) << browser.error();
    EXPECT_EQ(browser.folder(), folder.path);
    EXPECT_EQ(names(browser), std::vector<std::string>{"a.obj"});
    EXPECT_FALSE(browser.open(folder.path / "a.obj"));  // a file is not a folder
}

TEST(FileBrowser, UpGoesToTheParentAndStopsAtTheRoot) {
    Folder folder;
    std::filesystem::create_directories(folder.path / "inner");
    FileBrowser browser({});
    ASSERT_TRUE(browser.open(folder.path / "inner"));
    ASSERT_TRUE(browser.up());
    EXPECT_EQ(browser.folder(), folder.path);
    ASSERT_TRUE(browser.open("/"));
    EXPECT_FALSE(browser.up());
}

TEST(FileBrowser, OddBytesInNamesAreShownNotPassedOn) {
    Folder folder;
    const std::string odd = std::string("m\xff\xfe") + "del.obj";
    folder.file(odd);
    folder.file("dangling");
    std::filesystem::create_symlink(folder.path / "nowhere", folder.path / "link.obj");
    FileBrowser browser({".obj"});
    ASSERT_TRUE(browser.open(folder.path));
    ASSERT_EQ(browser.entries().size(), 1u) << "the dangling link is left out";
    EXPECT_EQ(browser.entries()[0].display_name,
              "m\xEF\xBF\xBD\xEF\xBF\xBD"
              "del.obj");
    EXPECT_EQ(browser.entries()[0].path.filename().string(), odd);  // the real name opens it
}

TEST(ValidUtf8, KeepsValidTextAndReplacesEveryBadByte) {
    EXPECT_EQ(valid_utf8("plain ascii"), "plain ascii");
    EXPECT_EQ(valid_utf8("gr\xC3\xBC\xC3\x9F "
                         "\xE5\xB0\x84"
                         "\xF0\x9F\x98\x80"),
              "gr\xC3\xBC\xC3\x9F "
              "\xE5\xB0\x84"
              "\xF0\x9F\x98\x80");
    EXPECT_EQ(valid_utf8("\xC3"), "\xEF\xBF\xBD");                                  // cut short
    EXPECT_EQ(valid_utf8("\xC0\xAF"), "\xEF\xBF\xBD\xEF\xBF\xBD");                  // overlong '/'
    EXPECT_EQ(valid_utf8("\xED\xA0\x80"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // surrogate
    EXPECT_EQ(valid_utf8("\xF4\x90\x80\x80").substr(0, 3), "\xEF\xBF\xBD");         // past U+10FFFF
    EXPECT_EQ(valid_utf8(std::string("a\0b", 3)), std::string("a\0b", 3));
}

TEST(RecentFolders, EachExistingFolderOnceMostRecentFirst) {
    Folder folder;
    std::filesystem::create_directories(folder.path / "b");
    const std::string a = (folder.path / "x.obj").string();
    const std::string b = (folder.path / "b" / "y.obj").string();
    const std::string gone = (folder.path / "gone" / "z.obj").string();
    EXPECT_EQ(recent_folders({b, a, gone, (folder.path / "w.obj").string(), "knot:1000"}),
              (std::vector<std::filesystem::path>{folder.path / "b", folder.path}));
}

}  // namespace
}  // namespace app
