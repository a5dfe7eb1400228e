// The markup as plain text, for the window's title and the status line (core/model/markup.h):
// Unicode's superscripts and subscripts where every character of a part has one, the mark kept
// where one has none.
#include <gtest/gtest.h>

#include "core/model/markup.h"

namespace test_markup_plain_text {

TEST(MarkupPlainText, PartsUnicodeHasBecomeItsCharacters) {
  EXPECT_EQ(core::markup_as_plain_text("√d_k"), "√dₖ");
  EXPECT_EQ(core::markup_as_plain_text("σ_1 ≥ σ_2"), "σ₁ ≥ σ₂");
  EXPECT_EQ(core::markup_as_plain_text("10^{−3}"), "10⁻³");
  EXPECT_EQ(core::markup_as_plain_text("X_{kv}"), "Xₖᵥ");
  EXPECT_EQ(core::markup_as_plain_text("ℓ_{ik}"), "ℓᵢₖ");
  EXPECT_EQ(core::markup_as_plain_text("no √d_k after 30 steps"), "no √dₖ after 30 steps");
}

TEST(MarkupPlainText, APartWithoutUnicodeFormsKeepsItsMark) {
  // No raised Q in Unicode, and capitals never convert: W^Q and W^K read alike.
  EXPECT_EQ(core::markup_as_plain_text("One W or W^Q W^Kᵀ, d_k = 1"), "One W or W^Q W^Kᵀ, dₖ = 1");
  // No subscript d: a lowered word stays as code writes it; a raised group in parentheses.
  EXPECT_EQ(core::markup_as_plain_text("d_{model} = 4"), "d_model = 4");
  EXPECT_EQ(core::markup_as_plain_text("b^{2i/d_{model}}"), "b^(2i/d_model)");
  EXPECT_EQ(core::markup_as_plain_text("W_{alt}^ᵀ"), "Wₐₗₜ^ᵀ");
  // Nothing to raise: as typed.
  EXPECT_EQ(core::markup_as_plain_text("a_"), "a_");
  EXPECT_EQ(core::markup_as_plain_text("plain words"), "plain words");
}

}  // namespace test_markup_plain_text
