// Where a write through symbolic links lands. A relative link inside a linked
// folder was resolved as text ("d/../out.svg" → "./out.svg"), not as the kernel resolves it
// ("d/.." is the folder above the one d leads to): an export replaced an unrelated file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

#include "core/io/atomic_file.h"

namespace test_write_target {

namespace fs = std::filesystem;

namespace {

class WriteThroughLinks : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("attnlab-links-" + std::to_string(::getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    dir_ = fs::canonical(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  // The issue's setup: mkdir -p real/sub; ln -s real/sub d; ln -s ../out.svg real/sub/out.svg;
  // and ./out.svg, the user's, which the text's reading of the links would replace.
  void issue_setup() {
    fs::create_directories(dir_ / "real" / "sub");
    fs::create_directory_symlink("real/sub", dir_ / "d");
    fs::create_symlink("../out.svg", dir_ / "real" / "sub" / "out.svg");
    write(dir_ / "out.svg", "the user's drawing");
  }
  static void write(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }
  static std::string read(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  // Every entry under dir_, links not followed: nothing written but what is expected.
  int entries() const {
    int n = 0;
    for (auto it = fs::recursive_directory_iterator(dir_); it != fs::recursive_directory_iterator(); ++it) ++n;
    return n;
  }
  fs::path dir_;
};

// Runs in folder and comes back, whatever the test's end.
class InFolder {
 public:
  explicit InFolder(const fs::path& folder) : back_(fs::current_path()) { fs::current_path(folder); }
  ~InFolder() { fs::current_path(back_); }

 private:
  fs::path back_;
};

}  // namespace

TEST_F(WriteThroughLinks, ARelativeLinkInALinkedFolderLandsWhereTheKernelSays) {
  issue_setup();
  std::string error;
  {
    const InFolder here(dir_);
    ASSERT_TRUE(core::write_file_atomically("d/out.svg", "<svg/>", &error)) << error;
  }
  EXPECT_EQ(read(dir_ / "real" / "out.svg"), "<svg/>");  // the kernel's target: real/sub/../out.svg
  EXPECT_EQ(read(dir_ / "out.svg"), "the user's drawing");
  EXPECT_TRUE(fs::is_symlink(dir_ / "real" / "sub" / "out.svg"));  // the link stays a link
  EXPECT_EQ(fs::read_symlink(dir_ / "real" / "sub" / "out.svg"), "../out.svg");
  // And as an absolute path: the same file, written again.
  ASSERT_TRUE(core::write_file_atomically((dir_ / "d" / "out.svg").string(), "<svg>2</svg>", &error)) << error;
  EXPECT_EQ(read(dir_ / "real" / "out.svg"), "<svg>2</svg>");
  EXPECT_EQ(read(dir_ / "out.svg"), "the user's drawing");
  EXPECT_EQ(entries(), 6);  // real, real/sub, real/sub/out.svg, real/out.svg, d, out.svg: no temporary left
}

TEST_F(WriteThroughLinks, AChainOfLinksIsFollowedLinkByLinkFromTheRealFolders) {
  issue_setup();
  // a.svg → d/b.svg (real/sub/b.svg) → ../c.svg (real/c.svg) → sub/final.svg (real/sub/final.svg).
  fs::create_symlink("d/b.svg", dir_ / "a.svg");
  fs::create_symlink("../c.svg", dir_ / "real" / "sub" / "b.svg");
  fs::create_symlink("sub/final.svg", dir_ / "real" / "c.svg");
  write(dir_ / "real" / "sub" / "final.svg", "old");
  write(dir_ / "c.svg", "the user's c.svg");  // where "d/../c.svg" read as text leads
  std::string error;
  ASSERT_TRUE(core::write_file_atomically((dir_ / "a.svg").string(), "new", &error)) << error;
  EXPECT_EQ(read(dir_ / "real" / "sub" / "final.svg"), "new");
  EXPECT_EQ(read(dir_ / "c.svg"), "the user's c.svg");
  for (const fs::path& link : {dir_ / "a.svg", dir_ / "real" / "sub" / "b.svg", dir_ / "real" / "c.svg"})
    EXPECT_TRUE(fs::is_symlink(link)) << link;
}

TEST_F(WriteThroughLinks, ADanglingLinkIntoAMissingFolderNamesTheFolderTrulyMissing) {
  issue_setup();
  fs::create_symlink("../missing/x.svg", dir_ / "real" / "sub" / "x.svg");  // real/missing does not exist
  fs::create_directory(dir_ / "missing");  // dir_/missing does: where the text's reading led
  std::string error;
  EXPECT_FALSE(core::write_file_atomically((dir_ / "d" / "x.svg").string(), "<svg/>", &error));
  EXPECT_EQ(error.rfind("No such file or directory: cannot create a temporary file beside ", 0), 0u) << error;
  EXPECT_NE(error.find(core::short_path((dir_ / "real" / "missing").string())), std::string::npos) << error;
  EXPECT_TRUE(fs::is_empty(dir_ / "missing"));
  EXPECT_FALSE(fs::exists(dir_ / "real" / "missing"));
}

TEST_F(WriteThroughLinks, ALoopIsAClearErrorAndNothingIsWritten) {
  fs::create_symlink("b.svg", dir_ / "a.svg");
  fs::create_symlink("a.svg", dir_ / "b.svg");
  fs::create_directory_symlink("e/f", dir_ / "e");  // a folder that leads into itself
  const int before = entries();
  for (const fs::path& path : {dir_ / "a.svg", dir_ / "e" / "x.svg"}) {
    std::string error;
    EXPECT_FALSE(core::write_file_atomically(path.string(), "<svg/>", &error)) << path;
    EXPECT_NE(error.find("a loop of symbolic links"), std::string::npos) << error;
    EXPECT_NE(error.find(core::short_path(path.string())), std::string::npos) << error;
  }
  EXPECT_EQ(entries(), before);
}

TEST_F(WriteThroughLinks, WriteTargetIsWhereTheKernelWrites) {
  issue_setup();
  const core::WriteTarget out = core::write_target((dir_ / "d" / "out.svg").string());
  EXPECT_EQ(out.error, 0);
  EXPECT_EQ(out.path, (dir_ / "real" / "out.svg").string());
  EXPECT_TRUE(out.through_link);
  EXPECT_EQ(out.links, 2);  // d, then out.svg
  const core::WriteTarget plain = core::write_target((dir_ / "real" / "new.svg").string());
  EXPECT_EQ(plain.path, (dir_ / "real" / "new.svg").string());
  EXPECT_FALSE(plain.through_link);
  EXPECT_EQ(plain.links, 0);
  EXPECT_TRUE(plain.missing.empty());
  const core::WriteTarget missing = core::write_target((dir_ / "d" / "no" / "x.svg").string());
  EXPECT_EQ(missing.missing, (dir_ / "real" / "sub" / "no").string());
  // A file where a folder should be: left for the write itself to fail (ENOTDIR), never the file.
  const core::WriteTarget through_a_file = core::write_target((dir_ / "out.svg" / "x.svg").string());
  EXPECT_EQ(through_a_file.path, (dir_ / "out.svg" / "x.svg").string());
  std::string error;
  EXPECT_FALSE(core::write_file_atomically((dir_ / "out.svg" / "").string(), "x", &error));
  EXPECT_EQ(read(dir_ / "out.svg"), "the user's drawing");
}

TEST_F(WriteThroughLinks, AnOutputReplacesTheInputOnlyWhereTheKernelSays) {
  issue_setup();
  write(dir_ / "ex.json", "{\"the user's\": \"scenario\"}");
  fs::create_symlink("../ex.json", dir_ / "real" / "sub" / "x.json");  // leads to real/ex.json, not ./ex.json
  EXPECT_FALSE(core::writes_over((dir_ / "d" / "x.json").string(), (dir_ / "ex.json").string()));
  write(dir_ / "real" / "ex.json", "{}");
  EXPECT_TRUE(core::writes_over((dir_ / "d" / "x.json").string(), (dir_ / "real" / "ex.json").string()));
  fs::create_hard_link(dir_ / "ex.json", dir_ / "hard.json");
  EXPECT_TRUE(core::writes_over((dir_ / "hard.json").string(), (dir_ / "ex.json").string()));
  // No folder "no": not resolved, so refused as its names read (the kernel would fail on it anyway).
  EXPECT_TRUE(core::writes_over((dir_ / "no" / ".." / "ex.json").string(), (dir_ / "ex.json").string()));
  EXPECT_FALSE(core::writes_over((dir_ / "other.json").string(), (dir_ / "ex.json").string()));
}

// The names' reading refused what the kernel allows: with d → real/sub, "d/../ex.json" is
// real/ex.json, not ./ex.json; it was judged to write over ./ex.json while real/ex.json did
// not exist (and not once it did). Now the resolved places decide, whether or not they exist.
TEST_F(WriteThroughLinks, AnOutputThroughALinkedFolderIsNotTheInputItsNamesRead) {
  issue_setup();
  write(dir_ / "ex.json", "{\"the user's\": \"scenario\"}");
  const std::string through = (dir_ / "d" / ".." / "ex.json").string();
  EXPECT_FALSE(core::writes_over(through, (dir_ / "ex.json").string()));
  EXPECT_TRUE(core::writes_over(through, (dir_ / "real" / "ex.json").string()));  // not there yet: the same place
  write(dir_ / "real" / "ex.json", "{}");
  EXPECT_FALSE(core::writes_over(through, (dir_ / "ex.json").string()));
  EXPECT_TRUE(core::writes_over(through, (dir_ / "real" / "ex.json").string()));
  {
    InFolder in(dir_);
    EXPECT_FALSE(core::writes_over("d/../ex.json", "ex.json"));
    EXPECT_TRUE(core::writes_over("d/../ex.json", "real/ex.json"));
  }
}

// A folder whose name the kernel no longer has (removed while in it): a relative path cannot be
// resolved, and nothing is written through it blindly.
TEST_F(WriteThroughLinks, NoWorkingDirectoryIsAnErrorNotALinkTakenAsText) {
  fs::create_directory(dir_ / "gone");
  InFolder in(dir_ / "gone");
  fs::remove(dir_ / "gone");
  const core::WriteTarget t = core::write_target("x.json");
  EXPECT_NE(t.error, 0);
  EXPECT_TRUE(t.path.empty());
  std::string error;
  EXPECT_FALSE(core::write_file_atomically("x.json", "x", &error));
  EXPECT_NE(error.find("cannot resolve the path"), std::string::npos) << error;
}

}  // namespace test_write_target
