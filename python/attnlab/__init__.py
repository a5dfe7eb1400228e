"""attnlab in Python: scenarios from numpy arrays, torch tensors or a torch.nn.MultiheadAttention,
saved as the app's files, shared as its links and shown inline in a notebook (docs/python.md).

    import attnlab, numpy as np
    s = attnlab.scenario(tokens=["a", "b", "c"], Q=np.eye(3, 2), K=np.ones((3, 2)), V=np.eye(3, 2))
    s.save("mine.json"); s.link("https://…/"); s.show(panels=["Scores", "Softmax"])
"""

from ._attention import Attention, attention, load_attention, loads_attention
from ._heads import Heads, heads
from ._scenario import DEFAULT_LINK_BASE, Scenario, load, loads, scenario
from ._show import page_path
from ._torch import from_torch

__all__ = ["Scenario", "scenario", "load", "loads", "from_torch", "page_path", "DEFAULT_LINK_BASE", "heads", "Heads",
           "attention", "Attention", "load_attention", "loads_attention"]
__version__ = "0.1.0"
