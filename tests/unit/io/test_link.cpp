// Links (core/io/link.h): base64url against RFC 4648's own vectors, deflate and inflate
// against each other on random bytes, and read_link's answers to every kind of bad link.
// tests/cli/test_links.py checks the same links against Python's zlib and base64.
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "core/io/link.h"
#include "core/io/scenario_io.h"

namespace test_link {

namespace {

core::Scenario example() {
  core::Scenario s = core::make_zero_scenario(3, 2, 2, 1);
  s.title = "Ünïcode · QKᵀ";
  s.X(0, 0) = 0.5;
  s.X(2, 1) = -1.25;
  s.W_Q[0](1, 0) = 1e-7;
  return s;
}

}  // namespace

// RFC 4648 §10's vectors, in the URL-safe alphabet and without padding.
TEST(Link, Base64UrlIsRfc4648WithoutPadding) {
  const std::pair<std::string, std::string> vectors[] = {
      {"", ""}, {"f", "Zg"}, {"fo", "Zm8"}, {"foo", "Zm9v"}, {"foob", "Zm9vYg"}, {"fooba", "Zm9vYmE"}, {"foobar", "Zm9vYmFy"}};
  for (const auto& [bytes, text] : vectors) {
    EXPECT_EQ(core::base64url_encode(bytes), text);
    EXPECT_EQ(core::base64url_decode(text), bytes);
  }
  EXPECT_EQ(core::base64url_encode("\xfb\xff"), "-_8") << "62 and 63 are - and _, not + and /";
  EXPECT_EQ(core::base64url_decode("-_8"), std::string("\xfb\xff"));
  EXPECT_EQ(core::base64url_decode("+/8"), std::nullopt);
  EXPECT_EQ(core::base64url_decode("Zm9v="), std::nullopt) << "no padding";
  EXPECT_EQ(core::base64url_decode("Zm9vY"), std::nullopt) << "5 characters cannot end on a byte";
}

TEST(Link, DeflateAndInflateAreInverseOnRandomBytes) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    std::string bytes(rng() % 5000, '\0');
    const int alphabet = trial % 2 ? 256 : 4;  // noise, and text-like repetition
    for (char& c : bytes) c = static_cast<char>(rng() % alphabet);
    std::string error;
    EXPECT_EQ(core::inflate_raw(core::deflate_raw(bytes), 1 << 20, &error), bytes) << error;
    EXPECT_EQ(core::base64url_decode(core::base64url_encode(bytes)), bytes);
  }
}

TEST(Link, AScenarioComesBackExactlyFromItsLink) {
  const core::Scenario s = example();
  const std::string link = core::scenario_link(s, "https://example.org/attnlab/");
  ASSERT_EQ(link.rfind("https://example.org/attnlab/#z=", 0), 0u) << link;
  EXPECT_TRUE(core::is_link(link));
  const core::LinkContents read = core::read_link(link);
  ASSERT_TRUE(read.ok()) << read.message();
  EXPECT_EQ(read.kind, core::LinkContents::Kind::Scenario);
  EXPECT_TRUE(*read.scenario == s);
  // The fragment alone, with or without its #, reads the same.
  const std::string fragment = link.substr(link.find('#'));
  EXPECT_TRUE(*core::read_link(fragment).scenario == s);
  EXPECT_TRUE(*core::read_link(fragment.substr(1)).scenario == s);
  // #s=: the same JSON, not compressed.
  const std::string plain = "#s=" + core::base64url_encode(core::compact_text(core::scenario_to_json(s)));
  ASSERT_TRUE(core::read_link(plain).ok()) << core::read_link(plain).message();
  EXPECT_TRUE(*core::read_link(plain).scenario == s);
  EXPECT_LT(link.size(), plain.size()) << "compression pays for itself on a scenario";
}

TEST(Link, ShippedLessonsAndExperimentsByStemOnly) {
  const core::LinkContents lesson = core::read_link("index.html#lesson=01_qkt_vs_qqt");
  ASSERT_TRUE(lesson.ok()) << lesson.message();
  EXPECT_EQ(lesson.kind, core::LinkContents::Kind::Lesson);
  EXPECT_EQ(lesson.stem, "01_qkt_vs_qqt");
  const core::LinkContents exp = core::read_link("#exp=01_race");
  EXPECT_EQ(exp.kind, core::LinkContents::Kind::Experiment);
  EXPECT_EQ(exp.stem, "01_race");
  for (const char* bad : {"#lesson=../../etc/passwd", "#lesson=", "#exp=a/b", "#exp=x.json"})
    EXPECT_FALSE(core::read_link(bad).ok()) << bad;
}

// #model=STEM&text=…: the text percent-encoded byte by byte, so that #, & and % in it, a space, é and 中 come back
// exactly; the unreserved characters stay as typed, so that the link is readable.
TEST(Link, AModelLinkCarriesItsTextExactly) {
  EXPECT_EQ(core::model_text_link("licences_qkt", "the cat", "p.html"), "p.html#model=licences_qkt&text=the%20cat");
  EXPECT_EQ(core::model_text_link("m", "a&b#c%d+é中"), "index.html#model=m&text=a%26b%23c%25d%2B%C3%A9%E4%B8%AD");
  EXPECT_EQ(core::model_text_link("m", ""), "index.html#model=m") << "no text: the view's first";
  for (const std::string text : {std::string("the cat"), std::string("a&b#c%d+é中"), std::string("x"), std::string("~._-AZaz09"), std::string(64, '%'), std::string("\n\t")}) {
    const core::LinkContents read = core::read_link(core::model_text_link("licences_qqt", text));
    ASSERT_TRUE(read.ok()) << text << ": " << read.message();
    EXPECT_EQ(read.kind, core::LinkContents::Kind::Model);
    EXPECT_EQ(read.stem, "licences_qqt");
    EXPECT_EQ(read.text, text);
  }
  EXPECT_EQ(core::read_link("#model=m&text=%e4%b8%ad").text, "中") << "lower-case hex, as browsers may write it";
  EXPECT_TRUE(core::read_link("#model=m").text.empty());
  EXPECT_TRUE(core::is_link("index.html#model=m"));
  const auto message = [](const std::string& link) { return core::read_link(link).message(); };
  EXPECT_NE(message("#model=../x").find("names no shipped model"), std::string::npos);
  EXPECT_NE(message("#model=m&txt=a").find("only &text= may follow"), std::string::npos);
  EXPECT_NE(message("#model=m&text=%4").find("two hexadecimal digits"), std::string::npos);
  EXPECT_NE(message("#model=m&text=%zz").find("two hexadecimal digits"), std::string::npos);
  EXPECT_NE(message("#model=m&text=%ff").find("not UTF-8"), std::string::npos);
  EXPECT_NE(message("#model=m&text=" + std::string(65, 'a')).find("65 bytes long, over the 64"), std::string::npos);
  EXPECT_TRUE(core::read_link("#model=m&text=" + std::string(64, 'a')).ok()) << "64 bytes: the most";
}

// Every bad link gets a message that says what is wrong with it; none crashes.
TEST(Link, BadLinksSayWhatIsWrong) {
  const auto message = [](const std::string& link) { return core::read_link(link).message(); };
  EXPECT_NE(message("index.html#q=abc").find("expected #z=, #s=, #lesson=, #exp= or #model="), std::string::npos);
  EXPECT_NE(message("#z=not*base64").find("not base64url"), std::string::npos);
  EXPECT_NE(message("#z=" + core::base64url_encode("plain text, not deflate")).find("not raw deflate"), std::string::npos);
  const std::string whole = core::deflate_raw(core::compact_text(core::scenario_to_json(example())));
  EXPECT_NE(message("#z=" + core::base64url_encode(whole.substr(0, whole.size() / 2))).find("cut short"), std::string::npos);
  EXPECT_NE(message("#z=" + core::base64url_encode(whole + whole)).find("goes on after the end"), std::string::npos)
      << "two streams, or junk after one: refused";
  // A bomb: 64 MiB of zeros deflate to about 64 KiB; it is refused at the file limit, 1 MiB.
  const std::string bomb = "#z=" + core::base64url_encode(core::deflate_raw(std::string(64 << 20, '0')));
  EXPECT_LT(bomb.size(), 200000u);
  EXPECT_NE(message(bomb).find("more than 1024 KiB"), std::string::npos) << message(bomb);
  // The reader's own messages, naming the field.
  const std::string broken = R"({"version":1,"mode":"direct","tokens":["a"],"Q":[[1]],"K":[[1,2]],"V":[[1]]})";
  const std::string m = message("#s=" + core::base64url_encode(broken));
  EXPECT_NE(m.find("the link's scenario: "), std::string::npos) << m;
  EXPECT_FALSE(core::is_link("lesson.json"));
  EXPECT_FALSE(core::is_link("notes#1.json"));
  EXPECT_TRUE(core::is_link("https://example.org/page#q=1")) << "an address gets the link's message";
}

}  // namespace test_link
